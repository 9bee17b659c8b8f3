import { sql } from "kysely";
import type { Db } from "../../db/database";

/**
 * The next number of a royalty series (`work`, `cwr:2026`), counted from 1. The number is taken by one
 * upsert on the series' counter inside the caller's transaction: on PostgreSQL a second transaction waits
 * on the counter's row until the first ends, on SQLite writers already run one at a time, so no number
 * is ever handed out twice.
 */
export async function takeNumber(trx: Db, series: string): Promise<number> {
  const { last_number } = await trx
    .insertInto("royalty_counters")
    .values({ name: series, last_number: 1 })
    .onConflict((oc) => oc.column("name").doUpdateSet({ last_number: sql`royalty_counters.last_number + 1` }))
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return last_number;
}

/** A work's permanent submitter id, `W000001`: CWR's Submitter Work #, and the key societies answer by. */
export async function takeSubmitterWorkId(trx: Db): Promise<string> {
  return `W${String(await takeNumber(trx, "work")).padStart(6, "0")}`;
}
