import type { Db } from "../../../db/database";
import { lockedOnPostgres } from "../../auth/locks";

/**
 * The advances a period counts: every one no closed period has counted yet, paid on or before the
 * period's last day. An advance dated inside a period already closed is counted by the next one, as
 * every correction is. Locked until the close is written (PostgreSQL), so what is counted is what is
 * stamped, whatever is edited meanwhile.
 */
export async function advancesToCount(trx: Db, period: { ends_on: string }) {
  const rows = await lockedOnPostgres(
    trx,
    trx
      .selectFrom("royalty_advances")
      .select(["id", "payee_id", "amount_ore"])
      .where("counted_in_period_id", "is", null)
      .where("paid_on", "<=", period.ends_on)
      .orderBy("id"),
  ).execute();
  return rows.map((r) => ({ id: r.id, payee_id: r.payee_id, amount_ore: Number(r.amount_ore) }));
}

/** Closing a period stamps the advances it counted, so no later period counts them again. */
export async function markAdvancesCounted(trx: Db, advanceIds: string[], periodId: string, at: string) {
  // By ids, in lists well under both engines' limits on bound parameters.
  for (let i = 0; i < advanceIds.length; i += 500)
    await trx
      .updateTable("royalty_advances")
      .set({ counted_in_period_id: periodId, updated_at: at })
      .where("id", "in", advanceIds.slice(i, i + 500))
      .execute();
}
