import type { MfaFactorRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { isoAt } from "../../platform/values";
import type { AuthDeps } from "./deps";
import { countFactorAttempt, findFactor, lockFactor } from "./factors-repository";

/**
 * Guessing a 6-digit TOTP code is bounded per factor, in the database so every node counts the same
 * attempts: every fifth attempt without an accepted code locks the factor, for 15 minutes the first time
 * and twice as long each time after (30, 60, … at most 24 hours). An accepted code clears the count.
 */
const ATTEMPTS_PER_LOCK = 5;
const FIRST_LOCK_SECONDS = 15 * 60;
const MAX_LOCK_SECONDS = 24 * 3600;

/** The lock that `attempts` attempts without an accepted code earn, if any. */
export function lockSecondsAfter(attempts: number): number | undefined {
  if (attempts <= 0 || attempts % ATTEMPTS_PER_LOCK !== 0) return undefined;
  const doublings = Math.min(attempts / ATTEMPTS_PER_LOCK - 1, 16);
  return Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** doublings);
}

export function describeLock(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes % 60 === 0
    ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}`
    : `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

function factorLocked(factor: Pick<MfaFactorRow, "failed_attempts">, remainingSeconds: number) {
  const lock = lockSecondsAfter(factor.failed_attempts) ?? remainingSeconds;
  return new AppError(
    "mfa_factor_locked",
    `Too many invalid codes: this factor is locked for ${describeLock(lock)}. ` +
      `Try again in ${describeLock(remainingSeconds)}.`,
    { retryAfterSeconds: remainingSeconds },
  );
}

const remainingSeconds = (lockedUntil: string | null, nowMs: number) =>
  lockedUntil ? (Date.parse(lockedUntil) - nowMs) / 1000 : 0;

/** Refuses (429) while the factor is locked, before any code is looked at. */
export function assertFactorUnlocked(
  factor: Pick<MfaFactorRow, "failed_attempts" | "locked_until">,
  nowMs: number,
) {
  const remaining = remainingSeconds(factor.locked_until, nowMs);
  if (remaining > 0) throw factorLocked(factor, remaining);
}

/**
 * Counts one attempt before its code is checked, atomically with the lock check, so parallel guesses
 * cannot slip past a lock being set: the count is one conditional UPDATE, and the factor's row stays
 * locked until the lock this attempt earns is set (on PostgreSQL the next attempt waits for that, then
 * finds the factor locked). The attempt that reaches a multiple of five sets the lock at once; if its
 * code turns out right, accepting it clears the lock again. Returns the lock this attempt set, or
 * undefined when the factor is gone; throws 429 when it is locked.
 */
export async function countAttempt(
  deps: AuthDeps,
  factor: Pick<MfaFactorRow, "id" | "user_id">,
  nowMs: number,
): Promise<{ lockSeconds?: number } | undefined> {
  return deps.db.withTransaction(async (trx) => {
    const attempts = await countFactorAttempt(trx, factor.id, isoAt(nowMs));
    if (attempts === undefined) {
      const current = await findFactor(trx, factor.id, factor.user_id);
      if (current) assertFactorUnlocked(current, nowMs);
      return undefined;
    }
    const lockSeconds = lockSecondsAfter(attempts);
    if (lockSeconds) await lockFactor(trx, factor.id, isoAt(nowMs + lockSeconds * 1000));
    return { lockSeconds };
  });
}
