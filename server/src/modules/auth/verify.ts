import type { AuthSession, EmailOtpType, VerifyInput } from "@app/contracts";
import type { OneTimeTokenRow, UserRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { codeHash, sha256 } from "../../platform/secrets";
import { isoAt, normalizeEmail } from "../../platform/values";
import { confirmEmail } from "./accounts";
import { isBanned, userBanned } from "./bans";
import type { AuthDeps } from "./deps";
import { confirmEmailChange } from "./email-change";
import { issueAuthCode } from "./flow-state";
import { checkLimit, countFailure, enforceLimit } from "./limits";
import { amrMethodOf, type LinkTokenType, vouchesForPassword } from "./one-time-tokens";
import {
  consumeOneTimeToken,
  findOneTimeTokenByCode,
  findOneTimeTokenByHash,
} from "./one-time-tokens-repository";
import { signInUser } from "./sessions";
import { findUserById, lockUser } from "./users-repository";

/** Which stored tokens a requested `type` may redeem ("email" is GoTrue's name for either e-mail OTP). */
const acceptedTypes: Record<EmailOtpType, LinkTokenType[]> = {
  signup: ["confirmation"],
  magiclink: ["magiclink"],
  email: ["confirmation", "magiclink", "invite"],
  recovery: ["recovery"],
  email_change: ["email_change", "email_change_current"],
  invite: ["invite"],
};

const otpExpired = () => new AppError("otp_expired", "Email link is invalid or has expired");

export type VerifyRequest =
  /** `viaLink`: the e-mailed link was followed (GET), where a PKCE flow answers an auth code. */
  | { type: EmailOtpType; tokenHash: string; viaLink?: boolean }
  | { type: EmailOtpType; email: string; code: string };

export function parseVerifyInput(input: VerifyInput): VerifyRequest {
  if (input.token_hash) return { type: input.type, tokenHash: input.token_hash };
  if (input.email && input.token) return { type: input.type, email: input.email, code: input.token };
  throw new AppError("validation_failed", "Verify requires a token_hash, or an email and a token");
}

export type VerifyOutcome =
  | { kind: "session"; session: AuthSession; redirectTo: string; type: LinkTokenType }
  /** A PKCE link: no session yet, only the auth code its requester exchanges with the verifier. */
  | { kind: "code"; code: string; redirectTo: string }
  /** The first of the two e-mail change confirmations: accepted, but nothing changed and no session. */
  | { kind: "half_confirmed"; redirectTo: string };

type LinkTokenRow = OneTimeTokenRow & { token_type: LinkTokenType };
const isAccepted = (types: LinkTokenType[], row: OneTimeTokenRow): row is LinkTokenRow =>
  types.some((t) => t === row.token_type);

/**
 * Redeems a link token or 6-digit code: single use (the row is marked used in the same transaction that
 * applies its effect), expiring, and only for the type it was issued for. Answers a new session, except
 * for the first half of an e-mail change.
 */
export async function verifyOneTimeToken(
  deps: AuthDeps,
  request: VerifyRequest,
  requester: Requester,
): Promise<VerifyOutcome> {
  await enforceLimit(deps, "verify", requester.ip);
  const types = acceptedTypes[request.type];
  let row: OneTimeTokenRow | undefined;
  if ("tokenHash" in request) {
    row = await findOneTimeTokenByHash(deps.db, sha256(request.tokenHash));
  } else {
    const email = normalizeEmail(request.email);
    await checkLimit(deps, "codeFailures", email);
    row = types.length
      ? await findOneTimeTokenByCode(deps.db, { codeHash: codeHash(email, request.code), types })
      : undefined;
    if (!row) await countFailure(deps, "codeFailures", email);
  }
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  if (!row || !isAccepted(types, row) || row.used_at || row.expires_at <= at) throw otpExpired();
  const token = row;
  const isEmailChange = token.token_type === "email_change" || token.token_type === "email_change_current";

  const user = await deps.db.withTransaction(
    async (trx): Promise<UserRow | "banned" | "conflict" | "half_confirmed" | undefined> => {
      // The user's row first (see locks.ts), then the token: changes to one account queue here.
      const current = await lockUser(trx, token.user_id);
      // Refused before the token is spent, so the link works again once the block is lifted.
      if (current && isBanned(current, at)) return "banned";
      if (!(await consumeOneTimeToken(trx, token.id, at))) return undefined;
      if (!current) return undefined;
      if (isEmailChange) {
        const step = await confirmEmailChange(trx, { token, user: current, at });
        if (step === "invalid") return undefined;
        if (step !== "changed") return step;
      }
      const updated = await findUserById(trx, current.id);
      if (!updated) return undefined;
      // Following any e-mailed link proves the mailbox, so each confirms an unconfirmed address.
      await confirmEmail(trx, deps.config, updated, at, {
        keepPassword: vouchesForPassword(token, updated),
        redeemsInvitation: token.token_type === "invite",
      });
      return findUserById(trx, current.id);
    },
  );
  if (user === "banned") throw userBanned(403);
  if (user === "conflict") {
    throw new AppError("email_exists", "A user with this email address has already been registered");
  }
  if (!user) throw otpExpired();
  if (user === "half_confirmed") {
    await audit(deps, "email_change_half_confirmed", {
      userId: token.user_id,
      requester,
      detail: { confirmed: token.token_type === "email_change" ? "new address" : "current address" },
    });
    return { kind: "half_confirmed", redirectTo: token.redirect_to };
  }

  const action = isEmailChange
    ? "email_changed"
    : token.token_type === "recovery"
      ? "user_recovered"
      : token.token_type === "confirmation"
        ? "user_confirmed"
        : token.token_type === "invite"
          ? "invite_accepted"
          : "login";
  await audit(deps, action, {
    userId: user.id,
    email: user.email,
    requester,
    detail: { method: token.token_type },
  });
  const code = "viaLink" in request && request.viaLink ? await issueAuthCode(deps, token.id) : undefined;
  if (code) return { kind: "code", code, redirectTo: token.redirect_to };
  const session = await signInUser(deps, {
    user,
    requester,
    method: "tokenHash" in request ? amrMethodOf[token.token_type] : "otp",
  });
  return { kind: "session", session, redirectTo: token.redirect_to, type: token.token_type };
}
