import { stockholmWallTime } from "@app/contracts/stockholm-time";
import { sql } from "kysely";
import type { Db } from "../../db/database";

/**
 * The next project code, `P-<year>-<number>`, numbered from 1 within each year and zero-padded to three
 * digits (more once a year passes 999). The number is taken by one upsert on the year's counter, inside
 * the caller's transaction: on PostgreSQL a second transaction waits on the counter's row until the first
 * ends, on SQLite writers already run one at a time, so no two projects are ever given the same code.
 */
export async function takeProjectCode(trx: Db, at: string): Promise<string> {
  // The business keeps Stockholm's calendar: a project created at 23:30 on New Year's Eve is that year's.
  const year = Number(stockholmWallTime(at).date.slice(0, 4));
  const { last_number } = await trx
    .insertInto("project_code_counters")
    .values({ year, last_number: 1 })
    .onConflict((oc) =>
      oc.column("year").doUpdateSet({ last_number: sql`project_code_counters.last_number + 1` }),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return `P-${year}-${String(last_number).padStart(3, "0")}`;
}
