import { AppError } from "./app-error";
import type { RateLimiter, RateLimitRule } from "./rate-limit";

/** What a wrong, expired or turned-off secret link answers: the lookups a guesser makes. */
const DEAD_LINK_STATUSES = new Set([404, 410]);

/**
 * Looks up what a secret link (a token in the address) opens, counting only the lookups that find nothing
 * against the visitor's budget: whoever holds a real link is never slowed down, however often their
 * calendar or media player asks, while a guesser runs out after a few misses. The attempt is counted
 * before the lookup and given back when it finds something, so parallel guesses cannot all slip past a
 * check made before any of them missed.
 */
export async function guardLinkLookup<T>(
  limiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
  lookup: () => Promise<T>,
): Promise<T> {
  const attempt = await limiter.hit(key, rule);
  if (!attempt.allowed)
    throw new AppError("rate_limited", "Too many requests, please try again later", {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  try {
    const found = await lookup();
    await attempt.release();
    return found;
  } catch (error) {
    if (!(error instanceof AppError && DEAD_LINK_STATUSES.has(error.status))) await attempt.release();
    throw error;
  }
}
