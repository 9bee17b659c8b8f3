import type { Database } from "../../db/database";
import type { OneTimeTokenRow, UserRow } from "../../db/schema";
import { type AuthDeps, nowIso } from "./deps";
import { issueOneTimeToken } from "./one-time-tokens";
import * as repo from "./repository";

/** GoTrue's answer to the first of the two links: the address has not changed yet, and no session. */
export const SINGLE_CONFIRMATION =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

/**
 * Starts (or restarts) a change of address: one link and code to the new address, another to the current
 * one. Both earlier tokens are replaced, so a half-confirmed older request can no longer be finished.
 */
export function sendEmailChange(
  deps: AuthDeps,
  args: { user: UserRow; newEmail: string; redirectTo: string },
) {
  const { user, newEmail, redirectTo } = args;
  deps.db.transaction(() => {
    repo.updateUser(deps.db, user.id, { email_change: newEmail }, nowIso(deps));
    issueOneTimeToken(deps, { user, type: "email_change", to: newEmail, redirectTo });
    issueOneTimeToken(deps, { user, type: "email_change_current", to: user.email, redirectTo });
  });
}

export type EmailChangeStep = "changed" | "half_confirmed" | "conflict" | "invalid";

/**
 * Runs inside verify's transaction, after `token` (one of the pair) was consumed. Whoever holds one mailbox
 * cannot move the account alone: the address changes only once the other token of the same request has
 * been used too, in either order.
 */
export function confirmEmailChange(
  db: Database,
  args: { token: OneTimeTokenRow; user: UserRow; at: string },
): EmailChangeStep {
  const { token, user, at } = args;
  const isToNew = token.token_type === "email_change";
  const other = repo.findUserOneTimeToken(db, user.id, isToNew ? "email_change_current" : "email_change");
  const [toNew, toCurrent] = isToNew ? [token, other] : [other, token];
  if (!other || !toNew || !toCurrent || !user.email_change) return "invalid";
  if (toNew.relates_to !== user.email_change || toCurrent.relates_to !== user.email) return "invalid";
  if (!other.used_at) return "half_confirmed";
  const taken = repo.findUserByEmail(db, toNew.relates_to);
  if (taken && taken.id !== user.id) return "conflict";
  repo.updateUser(
    db,
    user.id,
    { email: toNew.relates_to, email_change: null, email_change_sent_at: null },
    at,
  );
  return "changed";
}
