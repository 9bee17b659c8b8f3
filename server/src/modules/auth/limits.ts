import { AppError } from "../../http/app-error";
import type { RateLimitRule } from "../../http/rate-limit";
import type { AuthDeps } from "./deps";

const FIVE_MINUTES = 300;

/** GoTrue's defaults as a guide. Keys are per IP unless the name says otherwise. */
const authLimits = {
  token: { limit: 150, windowSeconds: FIVE_MINUTES },
  signup: { limit: 30, windowSeconds: FIVE_MINUTES },
  otp: { limit: 30, windowSeconds: FIVE_MINUTES },
  recover: { limit: 30, windowSeconds: FIVE_MINUTES },
  resend: { limit: 30, windowSeconds: FIVE_MINUTES },
  verify: { limit: 30, windowSeconds: FIVE_MINUTES },
  reauthenticate: { limit: 30, windowSeconds: FIVE_MINUTES },
  /** At most one mail per address per minute, whether or not the address has an account. */
  mailPerAddress: { limit: 1, windowSeconds: 60 },
  /**
   * E-mail change requests per user: one a minute, counted before the address is looked at, so a
   * signed-in user cannot use "already registered" answers to probe many addresses quickly.
   */
  emailChangePerUser: { limit: 1, windowSeconds: 60 },
  /** New passwords per user, each a bcrypt hash: the per-account sign-in budget. */
  passwordChangePerUser: { limit: 25, windowSeconds: 900 },
  /**
   * Failed passwords per account: 25 per 15 minutes (100 an hour). The window is short on purpose:
   * an attacker who burns it locks the real owner out for at most 15 minutes, not an hour.
   */
  passwordFailures: { limit: 25, windowSeconds: 900 },
  /**
   * Failed passwords per account from one address its right password came from lately (known-addresses.ts):
   * the same budget, but that address's own, so strangers who spend the shared one lock only themselves out.
   */
  passwordFailuresFromKnownAddress: { limit: 25, windowSeconds: 900 },
  /** Wrong 6-digit codes per address: 10 per 15 minutes keeps guessing a code hopeless. */
  codeFailures: { limit: 10, windowSeconds: 900 },
  mfaVerify: { limit: 15, windowSeconds: 60 },
  /** MFA challenges per user: each is a stored row, so their creation is bounded too. */
  mfaChallenge: { limit: 15, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

export type AuthLimit = keyof typeof authLimits;

function tooMany(name: AuthLimit, retryAfterSeconds: number) {
  if (name === "mailPerAddress" || name === "emailChangePerUser") {
    const wait = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${wait} seconds.`,
      { retryAfterSeconds: retryAfterSeconds },
    );
  }
  return new AppError("over_request_rate_limit", "Request rate limit reached", {
    retryAfterSeconds: retryAfterSeconds,
  });
}

/** Counts one hit against `name` for `subject`; throws 429 with Retry-After when over. */
export async function enforceLimit(
  deps: Pick<AuthDeps, "limiter" | "config">,
  name: AuthLimit,
  subject: string,
) {
  if (!deps.config.RATE_LIMITS) return;
  const verdict = await deps.limiter.hit(`auth:${name}:${subject}`, authLimits[name]);
  if (!verdict.allowed) throw tooMany(name, verdict.retryAfterSeconds);
}

/** Refuses when `name` is already exhausted for `subject`, without counting (failures count later). */
export async function checkLimit(
  deps: Pick<AuthDeps, "limiter" | "config">,
  name: AuthLimit,
  subject: string,
) {
  if (!deps.config.RATE_LIMITS) return;
  const verdict = await deps.limiter.peek(`auth:${name}:${subject}`, authLimits[name]);
  if (!verdict.allowed) throw tooMany(name, verdict.retryAfterSeconds);
}

/** Counts one hit like enforceLimit, but answers false instead of throwing (for answers that must not vary). */
export async function withinLimit(
  deps: Pick<AuthDeps, "limiter" | "config">,
  name: AuthLimit,
  subject: string,
) {
  if (!deps.config.RATE_LIMITS) return true;
  return (await deps.limiter.hit(`auth:${name}:${subject}`, authLimits[name])).allowed;
}

/**
 * Counts one attempt against `name` before the slow work it guards starts, so parallel attempts cannot
 * all pass a check made before any of them failed; throws 429 when the budget is spent. The returned
 * function gives the attempt back (when it turned out not to be a failure).
 */
export async function reserveAttempt(
  deps: Pick<AuthDeps, "limiter" | "config">,
  name: AuthLimit,
  subject: string,
): Promise<() => Promise<void>> {
  if (!deps.config.RATE_LIMITS) return async () => undefined;
  const verdict = await deps.limiter.hit(`auth:${name}:${subject}`, authLimits[name]);
  if (!verdict.allowed) throw tooMany(name, verdict.retryAfterSeconds);
  return verdict.release;
}

export async function countFailure(
  deps: Pick<AuthDeps, "limiter" | "config">,
  name: AuthLimit,
  subject: string,
) {
  if (!deps.config.RATE_LIMITS) return;
  await deps.limiter.hit(`auth:${name}:${subject}`, authLimits[name]);
}
