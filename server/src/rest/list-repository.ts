import type { Selectable } from "kysely";
import type { Database } from "../db/database";
import type { Tables } from "../db/schema";
import type { ListParams } from "./list-params";

/**
 * One read for every PostgREST-style table: ordered page plus, when asked, the exact total.
 * Table and column names come from the contract's allow-lists, never from the request as free text.
 */
export function listFrom<T extends keyof Tables>(db: Database, table: T, params: ListParams<string>) {
  const { column, direction, nulls } = params.order;
  const query = db.kysely
    .selectFrom(table as "events")
    .selectAll()
    .orderBy(column as "id", (ob) =>
      (direction === "asc" ? ob.asc() : ob.desc())[nulls === "first" ? "nullsFirst" : "nullsLast"](),
    )
    .orderBy("id")
    .limit(params.limit)
    .offset(params.offset);
  const rows = db.all(query) as unknown as Selectable<Tables[T]>[];
  const total = params.count ? countFrom(db, table) : undefined;
  return { rows, total };
}

export function countFrom(db: Database, table: keyof Tables): number {
  const row = db.first(
    db.kysely.selectFrom(table as "events").select((eb) => eb.fn.countAll<number>().as("n")),
  );
  return Number(row?.n ?? 0);
}
