import type { Db } from "../../../db/database";
import { restError } from "../../../http/rest-error";
import { lockedOnPostgres } from "../../auth/locks";
import { closedPeriodRefusal } from "./table-hooks";

/**
 * A royalty period by id, locked for the rest of the transaction on PostgreSQL (SQLite's writer lock
 * already serialises), so an import, a match and a close of one period never interleave.
 */
export async function findPeriod(trx: Db, id: string) {
  const period = await lockedOnPostgres(
    trx,
    trx.selectFrom("royalty_periods").selectAll().where("id", "=", id),
  ).executeTakeFirst();
  if (!period) throw restError("PGRST116", "No royalty period has this id", { status: 404 });
  return period;
}

export type PeriodRow = Awaited<ReturnType<typeof findPeriod>>;

/** The period, if a write may still go into it: a closed one never changes. */
export function writablePeriod<P extends { status: string }>(period: P, what: string): P {
  if (period.status === "closed") throw closedPeriodRefusal(what);
  return period;
}
