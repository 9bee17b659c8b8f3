import { sql } from "kysely";
import type { Db } from "../db/database";
import { dynamicTables } from "../db/dynamic-tables";
import { isPostgres } from "../db/engine-of";
import { restError } from "../http/rest-error";
import type { Row, TableHooks } from "./table-hooks";

const WHOLE_BP = 10_000;

/** Rows that share out one parent: a work's writers, a recording's master payees, a project's milestones. */
export interface SharedOut {
  table: string;
  parentTable: string;
  parentColumn: string;
  shareColumn: string;
  /** What is shared out, as the refusal names it ("the work's shares", "the project's billing shares"). */
  sharesNoun: string;
  /** What the hint says after "At most N %" ("of the work is left to share out", "is left to bill"). */
  leftOver: string;
}

/**
 * A parent's shares (basis points) add up to 10 000 or less, with this row as it will be stored. On
 * PostgreSQL the parent's row is locked first, so two rows written at once are summed one after the
 * other; SQLite's writers already are.
 */
async function assertSharesWithinWhole(
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
  if (sum <= WHOLE_BP) return;
  throw restError(
    "23514",
    `new row for relation "${of.table}" violates check constraint "${of.table}_share_sum_check"`,
    {
      details: `Failing check: ${of.sharesNoun} would add up to ${sum / 100} %, more than 100 %`,
      hint: `At most ${(WHOLE_BP - total) / 100} % ${of.leftOver}.`,
    },
  );
}

/**
 * Rows that share out a parent: each write is summed with the parent's other rows, as it will be
 * stored. An upsert may name an existing row, so its own share is never counted twice.
 */
export function shareCapHooks(of: SharedOut): Required<Pick<TableHooks, "beforeInsert" | "beforeUpdate">> {
  const check = (trx: Db, row: Row, exceptId?: string) =>
    assertSharesWithinWhole(trx, of, {
      parentId: String(row[of.parentColumn]),
      shareBp: typeof row[of.shareColumn] === "number" ? (row[of.shareColumn] as number) : 0,
      exceptId,
    });
  return {
    async beforeInsert(ctx, values) {
      await check(ctx.trx, values, typeof values.id === "string" ? values.id : undefined);
      return values;
    },
    async beforeUpdate(ctx, changes, before) {
      if (of.shareColumn in changes || of.parentColumn in changes) {
        await check(ctx.trx, { ...before, ...changes }, String(before.id));
      }
      return changes;
    },
  };
}
