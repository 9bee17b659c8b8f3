import { randomUUID } from "node:crypto";
import type { AuthSession, EnrolledFactor, EnrollFactorInput } from "@app/contracts";
import { SITE_NAME } from "@app/contracts";
import { authenticator } from "otplib";
import type { Db } from "../../db/database";
import type { MfaFactorRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { randomToken, sha256 } from "../../platform/secrets";
import { isoAt, nowIso } from "../../platform/values";
import type { AuthDeps, SignedIn } from "./deps";
import { assertFactorUnlocked, countAttempt, describeLock } from "./factor-lockout";
import {
  consumeChallenge,
  deleteFactor,
  deleteSpentChallenges,
  findChallenge,
  findFactor,
  insertChallenge,
  insertFactor,
  listFactors,
  markFactorVerified,
} from "./factors-repository";
import { enforceLimit } from "./limits";
import { sessionBody } from "./sessions";
import {
  downgradeSessionsOfFactor,
  findActiveToken,
  findSession,
  insertRefreshToken,
  lockSession,
  revokeSessionTokens,
  setSessionAal,
  touchSession,
} from "./sessions-repository";
import { findUserById, lockUser } from "./users-repository";

const MAX_FACTORS = 10;
const CHALLENGE_LIFETIME_SECONDS = 300;
const TOTP_STEP_SECONDS = 30;
const DEFAULT_ISSUER = SITE_NAME;

const factorNotFound = () => new AppError("mfa_factor_not_found", "Factor not found");

async function findOwnFactor(db: Db, who: SignedIn, factorId: string) {
  const factor = await findFactor(db, factorId, who.userId);
  if (!factor) throw factorNotFound();
  return factor;
}

/**
 * Once a user has a verified factor, only a session that proved one (aal2) may change their factors:
 * otherwise a stolen password alone could add the thief's own authenticator and reach aal2 with it, or
 * remove the owner's. `other` is the factor being acted on, which does not count as proof of itself.
 */
async function hasVerifiedFactor(db: Db, who: SignedIn, other?: string) {
  return (await listFactors(db, who.userId)).some((f) => f.status === "verified" && f.id !== other);
}

const insufficientAal = (status: 403 | 422, message: string) =>
  new AppError("insufficient_aal", message, { status });

/** Challenging or verifying a factor that is not verified yet is the end of an enrolment. */
async function assertMayVerify(db: Db, who: SignedIn, factor: MfaFactorRow) {
  if (factor.status !== "verified" && who.aal !== "aal2" && (await hasVerifiedFactor(db, who, factor.id))) {
    throw insufficientAal(403, "AAL2 required to verify a new factor");
  }
}

/**
 * A new factor must fit beside the user's others: checked before the QR code is drawn, and again under the
 * user's lock.
 */
function assertMayEnroll(who: SignedIn, factors: MfaFactorRow[], friendlyName: string | null) {
  if (who.aal !== "aal2" && factors.some((f) => f.status === "verified")) {
    throw insufficientAal(403, "AAL2 required to enroll a new factor");
  }
  if (factors.length >= MAX_FACTORS) {
    throw new AppError(
      "too_many_enrolled_mfa_factors",
      "Maximum number of MFA factors reached, unenroll to continue",
    );
  }
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
    throw new AppError(
      "mfa_factor_name_conflict",
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
}

export async function enrollFactor(
  deps: AuthDeps,
  who: SignedIn,
  input: EnrollFactorInput,
  requester: Requester,
): Promise<EnrolledFactor> {
  const user = await findUserById(deps.db, who.userId);
  if (!user) throw new AppError("user_not_found", "User not found");
  const friendlyName = input.friendly_name ?? null;
  assertMayEnroll(who, await listFactors(deps.db, who.userId), friendlyName);
  const secret = authenticator.generateSecret(20);
  const uri = authenticator.keyuri(user.email, input.issuer ?? DEFAULT_ISSUER, secret);
  // Loaded on first enrolment: most processes never draw a QR code.
  const { default: QRCode } = await import("qrcode");
  const qrCode = await QRCode.toString(uri, { type: "svg", margin: 2 });
  const id = randomUUID();
  const at = nowIso(deps);
  await deps.db.withTransaction(async (trx) => {
    // Concurrent enrolments of one user queue here, so none gets past the checks another one changed.
    await lockUser(trx, who.userId);
    assertMayEnroll(who, await listFactors(trx, who.userId), friendlyName);
    await insertFactor(trx, {
      id,
      user_id: who.userId,
      friendly_name: friendlyName,
      factor_type: "totp",
      status: "unverified",
      secret: deps.factorSecrets.seal(id, secret),
      created_at: at,
      updated_at: at,
    });
  });
  await audit(deps, "factor_enrolled", { userId: who.userId, requester, detail: { factor_id: id } });
  return {
    id,
    type: "totp",
    ...(friendlyName ? { friendly_name: friendlyName } : {}),
    totp: { qr_code: qrCode, secret, uri },
  };
}

/**
 * A new challenge; the factor's used and expired ones are dropped, so they never pile up. Decided under
 * the user's lock, so a factor removed or verified meanwhile is seen as it now is.
 */
export async function challengeFactor(deps: AuthDeps, who: SignedIn, factorId: string, requester: Requester) {
  await enforceLimit(deps, "mfaChallenge", who.userId);
  const nowMs = deps.now();
  const id = randomUUID();
  await deps.db.withTransaction(async (trx) => {
    await lockUser(trx, who.userId);
    const factor = await findOwnFactor(trx, who, factorId);
    await assertMayVerify(trx, who, factor);
    assertFactorUnlocked(factor, nowMs);
    await deleteSpentChallenges(trx, factor.id, openSince(nowMs));
    await insertChallenge(trx, {
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

// The attempt that sets the lock says how long it lasts as Retry-After too, so a client can tell when.
const verificationFailed = (lockSeconds?: number) =>
  new AppError(
    "mfa_verification_failed",
    lockSeconds
      ? `Invalid TOTP code entered. Too many invalid codes: this factor is now locked for ${describeLock(lockSeconds)}.`
      : "Invalid TOTP code entered",
    lockSeconds ? { retryAfterSeconds: lockSeconds } : {},
  );

/**
 * A right code within ±1 step, for an open challenge, and newer than the last code accepted for this
 * factor (a code is never accepted twice), on a factor that is not locked (see factor-lockout.ts).
 * The session becomes aal2 and gets a new refresh token chain.
 */
export async function verifyFactor(
  deps: AuthDeps,
  who: SignedIn,
  factorId: string,
  input: { challenge_id: string; code: string },
  requester: Requester,
): Promise<AuthSession> {
  await enforceLimit(deps, "mfaVerify", who.userId);
  const factor = await findOwnFactor(deps.db, who, factorId);
  await assertMayVerify(deps.db, who, factor);
  const nowMs = deps.now();
  const at = isoAt(nowMs);
  assertFactorUnlocked(factor, nowMs);
  const challenge = await findChallenge(deps.db, input.challenge_id, factor.id);
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
  const attempt = await countAttempt(deps, factor, nowMs);
  if (!attempt) throw factorNotFound();
  const totp = authenticator.clone({ epoch: nowMs, window: 1 });
  const delta = totp.checkDelta(input.code, deps.factorSecrets.open(factor.id, factor.secret));
  if (delta === null) {
    await audit(deps, "login_failed", {
      userId: who.userId,
      requester,
      detail: { method: "totp", factor_id: factor.id, ...(attempt.lockSeconds ? { locked: true } : {}) },
    });
    throw verificationFailed(attempt.lockSeconds);
  }
  const step = Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS) + delta;
  const refreshToken = randomToken();
  const session = await deps.db.withTransaction(async (trx) => {
    // The user's row, then the session's (see locks.ts): factor changes of the user queue here, and
    // so do refreshes of this session, whose token chain is replaced below.
    await lockUser(trx, who.userId);
    const current = await lockSession(trx, who.sessionId);
    if (!current || current.ended_at) return undefined;
    // Checked again here: another factor of the user may have been verified since the check above.
    await assertMayVerify(trx, who, factor);
    if (!(await consumeChallenge(trx, input.challenge_id, at))) return "replayed" as const;
    if (!(await markFactorVerified(trx, factor.id, step, at))) return "replayed" as const;
    await deleteSpentChallenges(trx, factor.id, openSince(nowMs));
    const amr = [
      { method: "totp", timestamp: Math.floor(nowMs / 1000) },
      ...(JSON.parse(current.amr) as { method: string; timestamp: number }[]).filter(
        (m) => m.method !== "totp",
      ),
    ];
    await setSessionAal(trx, current.id, {
      aal: "aal2",
      factor_id: factor.id,
      amr: JSON.stringify(amr),
    });
    // The new chain hangs off the old active token (its lineage). A tab still holding that one is refused
    // within the reuse interval without ending the session; later it counts as reuse (see
    // rotateRefreshToken).
    const previous = await findActiveToken(trx, current.id);
    await revokeSessionTokens(trx, current.id, at);
    await insertRefreshToken(trx, {
      token_hash: sha256(refreshToken),
      session_id: current.id,
      user_id: who.userId,
      parent_id: previous?.id ?? null,
      created_at: at,
    });
    await touchSession(trx, current.id, at);
    return findSession(trx, current.id);
  });
  if (session === "replayed") throw verificationFailed();
  if (!session) {
    throw new AppError("session_not_found", "Session from session_id claim in JWT does not exist");
  }
  await audit(deps, "factor_verified", { userId: who.userId, requester, detail: { factor_id: factor.id } });
  return sessionBody(deps, session, refreshToken);
}

/**
 * Removing a factor needs an aal2 session once the user has a verified one, or a stolen password alone
 * could strip MFA. The sessions raised to aal2 by the removed factor drop back to aal1 at once. Decided
 * under the user's lock, so a factor verified meanwhile is counted.
 */
export async function unenrollFactor(deps: AuthDeps, who: SignedIn, factorId: string, requester: Requester) {
  await deps.db.withTransaction(async (trx) => {
    await lockUser(trx, who.userId);
    const factor = await findOwnFactor(trx, who, factorId);
    if (factor.status === "verified" && who.aal !== "aal2") {
      throw insufficientAal(422, "AAL2 required to unenroll verified factor");
    }
    if (who.aal !== "aal2" && (await hasVerifiedFactor(trx, who))) {
      throw insufficientAal(422, "AAL2 required to unenroll a factor while a verified factor exists");
    }
    await deleteFactor(trx, factor.id);
    await downgradeSessionsOfFactor(trx, factor.id);
  });
  await audit(deps, "factor_unenrolled", { userId: who.userId, requester, detail: { factor_id: factorId } });
  return { id: factorId };
}
