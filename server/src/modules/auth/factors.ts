import { randomUUID } from "node:crypto";
import type { AuthSession, EnrolledFactor, EnrollFactorInput } from "@app/contracts";
import { authenticator } from "otplib";
import type { MfaFactorRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { audit } from "./audit";
import { type AuthDeps, isoAt, nowIso, type Requester } from "./deps";
import { assertFactorUnlocked, countAttempt, describeLock } from "./factor-lockout";
import { enforceLimit } from "./limits";
import * as repo from "./repository";
import { randomToken, sha256 } from "./secrets";
import { sessionBody } from "./sessions";
import type { SignedIn } from "./user";

const MAX_FACTORS = 10;
const CHALLENGE_LIFETIME_SECONDS = 300;
const TOTP_STEP_SECONDS = 30;
const DEFAULT_ISSUER = "Slussen Sound";

const factorNotFound = () => new AppError("mfa_factor_not_found", "Factor not found");

function findOwnFactor(deps: AuthDeps, who: SignedIn, factorId: string) {
  const factor = repo.findFactor(deps.db, factorId, who.userId);
  if (!factor) throw factorNotFound();
  return factor;
}

/**
 * Once a user has a verified factor, only a session that proved one (aal2) may change their factors:
 * otherwise a stolen password alone could add the thief's own authenticator and reach aal2 with it, or
 * remove the owner's. `other` is the factor being acted on, which does not count as proof of itself.
 */
function hasVerifiedFactor(deps: AuthDeps, who: SignedIn, other?: string) {
  return repo.listFactors(deps.db, who.userId).some((f) => f.status === "verified" && f.id !== other);
}

const insufficientAal = (status: 403 | 422, message: string) =>
  new AppError("insufficient_aal", message, { status });

/** Challenging or verifying a factor that is not verified yet is the end of an enrolment. */
function assertMayVerify(deps: AuthDeps, who: SignedIn, factor: MfaFactorRow) {
  if (factor.status !== "verified" && who.aal !== "aal2" && hasVerifiedFactor(deps, who, factor.id)) {
    throw insufficientAal(403, "AAL2 required to verify a new factor");
  }
}

export async function enrollFactor(
  deps: AuthDeps,
  who: SignedIn,
  input: EnrollFactorInput,
  requester: Requester,
): Promise<EnrolledFactor> {
  const user = repo.findUserById(deps.db, who.userId);
  if (!user) throw new AppError("user_not_found", "User not found");
  const factors = repo.listFactors(deps.db, who.userId);
  if (who.aal !== "aal2" && factors.some((f) => f.status === "verified")) {
    throw insufficientAal(403, "AAL2 required to enroll a new factor");
  }
  if (factors.length >= MAX_FACTORS) {
    throw new AppError(
      "too_many_enrolled_mfa_factors",
      "Maximum number of MFA factors reached, unenroll to continue",
    );
  }
  const friendlyName = input.friendly_name ?? null;
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
    throw new AppError(
      "mfa_factor_name_conflict",
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  const secret = authenticator.generateSecret(20);
  const uri = authenticator.keyuri(user.email, input.issuer ?? DEFAULT_ISSUER, secret);
  // Loaded on first enrolment: most processes never draw a QR code.
  const { default: QRCode } = await import("qrcode");
  const qrCode = await QRCode.toString(uri, { type: "svg", margin: 2 });
  const id = randomUUID();
  const at = nowIso(deps);
  repo.insertFactor(deps.db, {
    id,
    user_id: who.userId,
    friendly_name: friendlyName,
    factor_type: "totp",
    status: "unverified",
    secret: deps.factorSecrets.seal(id, secret),
    created_at: at,
    updated_at: at,
  });
  audit(deps, "factor_enrolled", { userId: who.userId, requester, detail: { factor_id: id } });
  return {
    id,
    type: "totp",
    ...(friendlyName ? { friendly_name: friendlyName } : {}),
    totp: { qr_code: qrCode, secret, uri },
  };
}

/** A new challenge; the factor's used and expired ones are dropped, so they never pile up. */
export function challengeFactor(deps: AuthDeps, who: SignedIn, factorId: string, requester: Requester) {
  enforceLimit(deps, "mfaChallenge", who.userId);
  const factor = findOwnFactor(deps, who, factorId);
  assertMayVerify(deps, who, factor);
  const nowMs = deps.now();
  assertFactorUnlocked(factor, nowMs);
  const id = randomUUID();
  deps.db.transaction(() => {
    repo.deleteSpentChallenges(deps.db, factor.id, openSince(nowMs));
    repo.insertChallenge(deps.db, {
      id,
      factor_id: factor.id,
      ip_address: requester.ip,
      created_at: isoAt(nowMs),
    });
  });
  return {
    id,
    type: "totp" as const,
    expires_at: Math.floor(nowMs / 1000) + CHALLENGE_LIFETIME_SECONDS,
  };
}

/** Challenges created at or before this instant have expired. */
const openSince = (nowMs: number) => isoAt(nowMs - CHALLENGE_LIFETIME_SECONDS * 1000);

const verificationFailed = (lockSeconds?: number) =>
  new AppError(
    "mfa_verification_failed",
    lockSeconds
      ? `Invalid TOTP code entered. Too many invalid codes: this factor is now locked for ${describeLock(lockSeconds)}.`
      : "Invalid TOTP code entered",
  );

/**
 * A right code within ±1 step, for an open challenge, and newer than the last code accepted for this
 * factor (a code is never accepted twice), on a factor that is not locked (see factor-lockout.ts).
 * The session becomes aal2 and gets a new refresh token chain.
 */
export function verifyFactor(
  deps: AuthDeps,
  who: SignedIn,
  factorId: string,
  input: { challenge_id: string; code: string },
  requester: Requester,
): AuthSession {
  enforceLimit(deps, "mfaVerify", who.userId);
  const factor = findOwnFactor(deps, who, factorId);
  assertMayVerify(deps, who, factor);
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  assertFactorUnlocked(factor, nowMs);
  const challenge = repo.findChallenge(deps.db, input.challenge_id, factor.id);
  const isOpen =
    challenge &&
    !challenge.verified_at &&
    Date.parse(challenge.created_at) + CHALLENGE_LIFETIME_SECONDS * 1000 > nowMs;
  if (!isOpen) {
    throw new AppError(
      "mfa_challenge_expired",
      "MFA challenge has expired, verify against another challenge",
    );
  }
  const attempt = countAttempt(deps, factor, nowMs);
  if (!attempt) throw factorNotFound();
  const totp = authenticator.clone({ epoch: nowMs, window: 1 });
  const delta = totp.checkDelta(input.code, deps.factorSecrets.open(factor.id, factor.secret));
  if (delta === null) {
    audit(deps, "login_failed", {
      userId: who.userId,
      requester,
      detail: { method: "totp", factor_id: factor.id, ...(attempt.lockSeconds ? { locked: true } : {}) },
    });
    throw verificationFailed(attempt.lockSeconds);
  }
  const step = Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS) + delta;
  const refreshToken = randomToken();
  const session = deps.db.transaction(() => {
    const current = repo.findSession(deps.db, who.sessionId);
    if (!current || current.ended_at) return undefined;
    // Checked again here: another factor of the user may have been verified since the check above.
    assertMayVerify(deps, who, factor);
    if (!repo.consumeChallenge(deps.db, input.challenge_id, at)) return "replayed" as const;
    if (!repo.markFactorVerified(deps.db, factor.id, step, at)) return "replayed" as const;
    repo.deleteSpentChallenges(deps.db, factor.id, openSince(nowMs));
    const amr = [
      { method: "totp", timestamp: Math.floor(nowMs / 1000) },
      ...(JSON.parse(current.amr) as { method: string; timestamp: number }[]).filter(
        (m) => m.method !== "totp",
      ),
    ];
    repo.setSessionAal(deps.db, current.id, { aal: "aal2", factor_id: factor.id, amr: JSON.stringify(amr) });
    // The new chain hangs off the old active token (its lineage). A tab still holding that one is refused
    // within the reuse interval without ending the session; later it counts as reuse (see
    // rotateRefreshToken).
    const previous = repo.findActiveToken(deps.db, current.id);
    repo.revokeSessionTokens(deps.db, current.id, at);
    repo.insertRefreshToken(deps.db, {
      token_hash: sha256(refreshToken),
      session_id: current.id,
      user_id: who.userId,
      parent_id: previous?.id ?? null,
      created_at: at,
    });
    repo.touchSession(deps.db, current.id, at);
    return repo.findSession(deps.db, current.id);
  });
  if (session === "replayed") throw verificationFailed();
  if (!session) {
    throw new AppError("session_not_found", "Session from session_id claim in JWT does not exist");
  }
  audit(deps, "factor_verified", { userId: who.userId, requester, detail: { factor_id: factor.id } });
  return sessionBody(deps, session, refreshToken);
}

/**
 * Removing a factor needs an aal2 session once the user has a verified one, or a stolen password alone
 * could strip MFA. The sessions raised to aal2 by the removed factor drop back to aal1 at once.
 */
export function unenrollFactor(deps: AuthDeps, who: SignedIn, factorId: string, requester: Requester) {
  const factor = findOwnFactor(deps, who, factorId);
  if (factor.status === "verified" && who.aal !== "aal2") {
    throw insufficientAal(422, "AAL2 required to unenroll verified factor");
  }
  if (who.aal !== "aal2" && hasVerifiedFactor(deps, who)) {
    throw insufficientAal(422, "AAL2 required to unenroll a factor while a verified factor exists");
  }
  deps.db.transaction(() => {
    repo.deleteFactor(deps.db, factor.id);
    repo.downgradeSessionsOfFactor(deps.db, factor.id);
  });
  audit(deps, "factor_unenrolled", { userId: who.userId, requester, detail: { factor_id: factor.id } });
  return { id: factor.id };
}
