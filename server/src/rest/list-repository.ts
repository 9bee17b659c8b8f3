import { sql } from "kysely";
import type { Db } from "../db/database";
import type { Tables } from "../db/schema";
import type { ListParams } from "./list-params";

/**
 * One read for the form inbox tables: ordered page plus, when asked, the exact total. Table and column
 * names come from the contract's allow-lists, never from the request as free text.
 */
export async function listFrom<T extends keyof Tables>(db: Db, table: T, params: ListParams<string>) {
  const { column, direction, nulls } = params.order;
  const rows = (await db
    .selectFrom(table as "contact_messages")
    .selectAll()
    .orderBy(sql`${sql.ref(column)} ${sql.raw(direction)} nulls ${sql.raw(nulls)}`)
    .orderBy("id")
    .limit(params.limit)
    .offset(params.offset)
    .execute()) as unknown[];
  const total = params.count ? await countFrom(db, table) : undefined;
  return { rows, total };
}

async function countFrom(db: Db, table: keyof Tables): Promise<number> {
  const row = await db
    .selectFrom(table as "contact_messages")
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
