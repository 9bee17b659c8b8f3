import type { Db } from "../../db/database";
import type { OneTimeTokenRow, UserRow } from "../../db/schema";
import { nowIso } from "../../platform/values";
import type { AuthDeps } from "./deps";
import { lockAddress } from "./locks";
import { issueOneTimeToken } from "./one-time-tokens";
import { findUserOneTimeToken } from "./one-time-tokens-repository";
import type { PkceChallenge } from "./pkce";
import { findUserByEmail, lockUser, updateUser } from "./users-repository";

/** GoTrue's answer to the first of the two links: the address has not changed yet, and no session. */
export const SINGLE_CONFIRMATION =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

/**
 * Starts (or restarts) a change of address: one link and code to the new address, another to the current
 * one. Both earlier tokens are replaced, so a half-confirmed older request can no longer be finished.
 * Without `newEmail`, the pending change is mailed again (nothing happens when there is none). The user is
 * read under their row's lock, so the mails go to the addresses the account has at that moment.
 */
export async function sendEmailChange(
  deps: AuthDeps,
  args: { userId: string; newEmail?: string; redirectTo: string; pkce?: PkceChallenge },
) {
  const { userId, redirectTo, pkce } = args;
  const mails = await deps.db.withTransaction(async (trx) => {
    const user = await lockUser(trx, userId);
    const newEmail = args.newEmail ?? user?.email_change;
    if (!user || !newEmail) return [];
    await updateUser(trx, user.id, { email_change: newEmail }, nowIso(deps));
    return [
      await issueOneTimeToken(deps, trx, { user, type: "email_change", to: newEmail, redirectTo, pkce }),
      await issueOneTimeToken(deps, trx, {
        user,
        type: "email_change_current",
        to: user.email,
        redirectTo,
        pkce,
      }),
    ];
  });
  for (const mail of mails) if (mail) await deps.mailer.send(mail);
}

export type EmailChangeStep = "changed" | "half_confirmed" | "conflict" | "invalid";

/**
 * Runs inside verify's transaction, which holds the user's row, after `token` (one of the pair) was
 * consumed. Whoever holds one mailbox cannot move the account alone: the address changes only once the
 * other token of the same request has been used too, in either order. The user's lock makes the two
 * confirmations queue, so when both arrive at once the second sees the first and changes the address.
 */
export async function confirmEmailChange(
  trx: Db,
  args: { token: OneTimeTokenRow; user: UserRow; at: string },
): Promise<EmailChangeStep> {
  const { token, user, at } = args;
  const isToNew = token.token_type === "email_change";
  const other = await findUserOneTimeToken(trx, user.id, isToNew ? "email_change_current" : "email_change");
  const [toNew, toCurrent] = isToNew ? [token, other] : [other, token];
  if (!other || !toNew || !toCurrent || !user.email_change) return "invalid";
  if (toNew.relates_to !== user.email_change || toCurrent.relates_to !== user.email) return "invalid";
  if (!other.used_at) return "half_confirmed";
  // The new address is checked and taken under its lock, as a sign-up takes one.
  await lockAddress(trx, toNew.relates_to);
  const taken = await findUserByEmail(trx, toNew.relates_to);
  if (taken && taken.id !== user.id) return "conflict";
  await updateUser(
    trx,
    user.id,
    { email: toNew.relates_to, email_change: null, email_change_sent_at: null },
    at,
  );
  return "changed";
}
