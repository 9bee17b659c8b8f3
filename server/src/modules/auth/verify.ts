import type { AuthSession, EmailOtpType, VerifyInput } from "@app/contracts";
import type { OneTimeTokenRow, OneTimeTokenType, UserRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { confirmEmail } from "./accounts";
import { audit } from "./audit";
import { type AuthDeps, isoAt, normalizeEmail, type Requester } from "./deps";
import { checkLimit, countFailure, enforceLimit } from "./limits";
import { vouchesForPassword } from "./one-time-tokens";
import * as repo from "./repository";
import { codeHash, sha256 } from "./secrets";
import { type AmrMethod, signInUser } from "./sessions";

/** Which stored tokens a requested `type` may redeem ("email" is GoTrue's name for either e-mail OTP). */
const acceptedTypes: Record<EmailOtpType, OneTimeTokenType[]> = {
  signup: ["confirmation"],
  magiclink: ["magiclink"],
  email: ["confirmation", "magiclink"],
  recovery: ["recovery"],
  email_change: ["email_change"],
  invite: [],
};

const amrFor: Record<OneTimeTokenType, AmrMethod> = {
  confirmation: "email/signup",
  magiclink: "magiclink",
  recovery: "recovery",
  email_change: "email_change",
};

export const otpExpired = () =>
  AppError.forbidden("Email link is invalid or has expired", { code: "otp_expired" });

export type VerifyRequest =
  | { type: EmailOtpType; tokenHash: string }
  | { type: EmailOtpType; email: string; code: string };

export function parseVerifyInput(input: VerifyInput): VerifyRequest {
  if (input.token_hash) return { type: input.type, tokenHash: input.token_hash };
  if (input.email && input.token) return { type: input.type, email: input.email, code: input.token };
  throw AppError.badRequest("Verify requires a token_hash, or an email and a token", {
    code: "validation_failed",
  });
}

/**
 * Redeems a link token or 6-digit code: single use (the row is marked used in the same transaction that
 * applies its effect), expiring, and only for the type it was issued for. Answers a new session.
 */
export function verifyOneTimeToken(
  deps: AuthDeps,
  request: VerifyRequest,
  requester: Requester,
): { session: AuthSession; redirectTo: string; type: OneTimeTokenType } {
  enforceLimit(deps, "verify", requester.ip);
  const types = acceptedTypes[request.type];
  let row: OneTimeTokenRow | undefined;
  if ("tokenHash" in request) {
    row = repo.findOneTimeTokenByHash(deps.db, sha256(request.tokenHash));
  } else {
    const email = normalizeEmail(request.email);
    checkLimit(deps, "codeFailures", email);
    row = types.length
      ? repo.findOneTimeTokenByCode(deps.db, { codeHash: codeHash(email, request.code), types })
      : undefined;
    if (!row) countFailure(deps, "codeFailures", email);
  }
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  if (!row || !types.includes(row.token_type) || row.used_at || row.expires_at <= at) throw otpExpired();
  const token = row;

  const user = deps.db.transaction((): UserRow | "conflict" | undefined => {
    if (!repo.consumeOneTimeToken(deps.db, token.id, at)) return undefined;
    const current = repo.findUserById(deps.db, token.user_id);
    if (!current) return undefined;
    if (token.token_type === "email_change") {
      const taken = repo.findUserByEmail(deps.db, token.relates_to);
      if (taken && taken.id !== current.id) return "conflict";
      if (current.email_change !== token.relates_to) return undefined;
      repo.updateUser(
        deps.db,
        current.id,
        { email: token.relates_to, email_change: null, email_change_sent_at: null },
        at,
      );
    }
    const updated = repo.findUserById(deps.db, current.id);
    if (!updated) return undefined;
    // Following any e-mailed link proves the mailbox, so each confirms an unconfirmed address.
    confirmEmail(deps.db, deps.config, updated, at, { keepPassword: vouchesForPassword(token, updated) });
    return repo.findUserById(deps.db, current.id);
  });
  if (user === "conflict") {
    throw new AppError(422, "A user with this email address has already been registered", {
      code: "email_exists",
    });
  }
  if (!user) throw otpExpired();

  const action =
    token.token_type === "email_change"
      ? "email_changed"
      : token.token_type === "recovery"
        ? "user_recovered"
        : token.token_type === "confirmation"
          ? "user_confirmed"
          : "login";
  audit(deps, action, {
    userId: user.id,
    email: user.email,
    requester,
    detail: { method: token.token_type },
  });
  const session = signInUser(deps, {
    user,
    requester,
    method: "tokenHash" in request ? amrFor[token.token_type] : "otp",
  });
  return { session, redirectTo: token.redirect_to, type: token.token_type };
}
