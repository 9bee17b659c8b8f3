import { PostgresAdapter, sql } from "kysely";
import type { Db } from "../../db/database";
import { restError } from "../../http/rest-error";

const isPostgres = (trx: Db) => trx.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A project's milestones may bill at most its whole fee: the shares (basis points) of its milestones,
 * with this one as it will be stored, add up to 10 000 or less. On PostgreSQL the project's row is locked
 * first, so two milestones written at once are summed one after the other; SQLite's writers already are.
 */
export async function assertSharesWithinFee(
  trx: Db,
  milestone: { projectId: string; shareBp: number | null; exceptId?: string },
) {
  if (!milestone.shareBp) return;
  if (isPostgres(trx)) {
    await sql`select id from projects where id = ${milestone.projectId} for update`.execute(trx);
  }
  let others = trx
    .selectFrom("project_milestones")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("billing_share_bp"), sql<number>`0`).as("total"))
    .where("project_id", "=", milestone.projectId);
  if (milestone.exceptId) others = others.where("id", "<>", milestone.exceptId);
  const { total } = await others.executeTakeFirstOrThrow();
  const sum = Number(total) + milestone.shareBp;
  if (sum <= 10_000) return;
  throw restError(
    "23514",
    'new row for relation "project_milestones" violates check constraint "project_milestones_share_sum_check"',
    {
      details: `Failing check: the project's billing shares would add up to ${sum / 100} %, more than 100 %`,
      hint: `At most ${(10_000 - Number(total)) / 100} % is left to bill.`,
    },
  );
}
