import type { Db } from "../../db/database";
import type { OneTimeTokenRow, UserRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { codeHash, safeEqual } from "../../platform/secrets";
import { nowIso } from "../../platform/values";
import type { AuthDeps, SignedIn } from "./deps";
import { checkLimit, countFailure, enforceLimit } from "./limits";
import { mailCode } from "./one-time-tokens";
import { consumeOneTimeToken, findUserOneTimeToken } from "./one-time-tokens-repository";
import { findUserById } from "./users-repository";

const nonceNotValid = () => new AppError("reauthentication_not_valid", "Nonce has expired or is invalid");

/**
 * GET /reauthenticate: mails the signed-in user a 6-digit code, single use and valid for OTP_EXPIRY, that
 * PUT /user then carries as `nonce`. Only the user's own (confirmed) address ever gets it, so the answer is
 * GoTrue's bare `{}`.
 */
export async function requestReauthentication(deps: AuthDeps, who: SignedIn, requester: Requester) {
  await enforceLimit(deps, "reauthenticate", requester.ip);
  const user = await findUserById(deps.db, who.userId);
  if (!user) throw new AppError("user_not_found", "User from sub claim in JWT does not exist");
  if (!user.email_confirmed_at) {
    throw new AppError("email_not_confirmed", "Please verify your email first.");
  }
  await enforceLimit(deps, "mailPerAddress", user.email);
  await mailCode(deps, { user, type: "reauthentication", to: user.email });
  await audit(deps, "reauthentication_requested", { userId: user.id, requester });
  return {};
}

/**
 * Checks a nonce against the user's live reauthentication code (bound to their current address). Wrong
 * nonces count against the same per-address budget as every other 6-digit code. Answers the token, which the
 * caller consumes (`spendNonce`) in the transaction that applies the change.
 */
export async function checkNonce(deps: AuthDeps, user: UserRow, nonce: string): Promise<OneTimeTokenRow> {
  await checkLimit(deps, "codeFailures", user.email);
  const row = await findUserOneTimeToken(deps.db, user.id, "reauthentication");
  const isValid =
    row !== undefined &&
    !row.used_at &&
    row.expires_at > nowIso(deps) &&
    row.relates_to === user.email &&
    safeEqual(row.code_hash, codeHash(user.email, nonce));
  if (!isValid) {
    await countFailure(deps, "codeFailures", user.email);
    throw nonceNotValid();
  }
  return row;
}

/**
 * Marks the nonce used, in the caller's transaction; throws (rolling it back) if another request spent it
 * first.
 */
export async function spendNonce(trx: Db, token: OneTimeTokenRow, at: string) {
  if (!(await consumeOneTimeToken(trx, token.id, at))) throw nonceNotValid();
}
