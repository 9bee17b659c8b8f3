import type { UserRow } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { isoAt } from "../../platform/values";

/** Whether the account is blocked at `at` (ISO-8601). */
export const isBanned = (user: Pick<UserRow, "banned_until">, at: string) =>
  user.banned_until !== null && user.banned_until > at;

/** GoTrue's refusal; 400 where a token is asked for, 403 where a link is followed. */
export const userBanned = (status: 400 | 403 = 400, message = "User is banned") =>
  new AppError("user_banned", message, { status });

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** About 300 years: the end of a ban beyond this is not a date either engine should have to store. */
const MAX_BAN_MS = 300 * 365 * 24 * 3_600_000;

/**
 * GoTrue's ban_duration: a Go duration ("24h", "1h30m", "876000h") or "none" (lifts a ban). Answers the
 * new banned_until: null for "none" or a zero duration, else now plus the duration.
 */
export function banUntil(duration: string, nowMs: number): string | null {
  if (duration === "none") return null;
  const invalid = () =>
    new AppError("validation_failed", `invalid format for ban duration: ${JSON.stringify(duration)}`);
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(duration)) throw invalid();
  let ms = 0;
  for (const [, amount, unit] of duration.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    ms += Number(amount) * (UNIT_MS[unit as string] ?? 0);
  }
  if (!Number.isFinite(ms) || ms > MAX_BAN_MS) throw invalid();
  return ms === 0 ? null : isoAt(nowMs + Math.ceil(ms));
}
