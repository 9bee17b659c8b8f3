import type { Db } from "../../db/database";

/** The realtime feed's reads of `row_changes` (its rows are the triggers'; see m0044_record_row_changes). */

const COLUMNS = ["id", "table_name", "op", "tx", "created_at"] as const;

/** The changes appended after `afterId`, oldest first: SQLite's commit order, one writer at a time. */
export function changesAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom("row_changes")
    .select(COLUMNS)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** One committed transaction's changes in the order it made them (PostgreSQL). */
export function changesOfTransaction(db: Db, tx: number) {
  return db.selectFrom("row_changes").select(COLUMNS).where("tx", "=", tx).orderBy("id").execute();
}

/** The transactions that logged changes after `afterId`, in the order of their first change (PostgreSQL). */
export async function transactionsAfter(db: Db, afterId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("row_changes")
    .select((eb) => ["tx", eb.fn.min("id").as("first")])
    .where("id", ">", afterId)
    .where("tx", "is not", null)
    .groupBy("tx")
    .orderBy("first")
    .execute();
  return rows.map((r) => Number(r.tx));
}

export async function lastChangeId(db: Db): Promise<number> {
  const row = await db
    .selectFrom("row_changes")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Removes the changes logged before `before` (ISO-8601); returns how many. */
export async function pruneChanges(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("row_changes").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type LoggedChange = Awaited<ReturnType<typeof changesAfter>>[number];
