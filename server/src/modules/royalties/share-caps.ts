import { PostgresAdapter, sql } from "kysely";
import type { Db } from "../../db/database";
import { dynamicTables } from "../../db/dynamic-tables";
import { restError } from "../../http/rest-error";

const isPostgres = (trx: Db) => trx.getExecutor().adapter instanceof PostgresAdapter;

/** Rows that share out one parent: a work's writers, a recording's master payees. */
export interface SharedOut {
  table: "work_writers" | "recording_payees";
  parentTable: "works" | "recordings";
  parentColumn: "work_id" | "recording_id";
  shareColumn: "manuscript_share_bp" | "share_bp";
  /** How the parent is named in the refusal ("work", "recording"). */
  parentNoun: string;
}

/**
 * A parent's shares (basis points) add up to 10 000 or less, with this row as it will be stored. On
 * PostgreSQL the parent's row is locked first, so two rows written at once are summed one after the
 * other; SQLite's writers already are.
 */
export async function assertSharesWithinWhole(
  trx: Db,
  of: SharedOut,
  row: { parentId: string; shareBp: number; exceptId?: string },
) {
  if (row.shareBp === 0) return;
  if (isPostgres(trx)) {
    await sql`select id from ${sql.table(of.parentTable)} where id = ${row.parentId} for update`.execute(trx);
  }
  let others = dynamicTables(trx)
    .selectFrom(of.table)
    .select(sql<number>`coalesce(sum(${sql.ref(of.shareColumn)}), 0)`.as("total"))
    .where(of.parentColumn, "=", row.parentId);
  if (row.exceptId) others = others.where("id", "<>", row.exceptId);
  const total = Number((await others.executeTakeFirstOrThrow()).total);
  const sum = total + row.shareBp;
  if (sum <= 10_000) return;
  throw restError(
    "23514",
    `new row for relation "${of.table}" violates check constraint "${of.table}_share_sum_check"`,
    {
      details: `Failing check: the ${of.parentNoun}'s shares would add up to ${sum / 100} %, more than 100 %`,
      hint: `At most ${(10_000 - total) / 100} % of the ${of.parentNoun} is left to share out.`,
    },
  );
}
