/**
 * Fixed-window counters in memory, keyed by whatever the caller chooses (IP, e-mail, account).
 * One process serves the product, so memory is the right place; counters reset on restart.
 */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
  remaining: number;
}

export function createRateLimiter(now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  function sweep(t: number) {
    if (t - lastSweep < 60_000) return;
    lastSweep = t;
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }

  function hit(key: string, rule: RateLimitRule, cost = 1): RateLimitResult & { release(): void } {
    const t = now();
    sweep(t);
    let w = windows.get(key);
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + rule.windowSeconds * 1000 };
      windows.set(key, w);
    }
    const window = w;
    const retryAfterSeconds = (window.resetAt - t) / 1000;
    if (window.count + cost > rule.limit) {
      return { allowed: false, retryAfterSeconds, remaining: 0, release: () => undefined };
    }
    window.count += cost;
    let released = false;
    // Gives this hit back, once, and only to the window it was counted in (a new window owes it nothing).
    const release = () => {
      if (released || windows.get(key) !== window) return;
      released = true;
      window.count = Math.max(0, window.count - cost);
    };
    return { allowed: true, retryAfterSeconds, remaining: rule.limit - window.count, release };
  }

  /** Counts without consuming: used to refuse early when a key is already over its limit. */
  function peek(key: string, rule: RateLimitRule): RateLimitResult {
    const t = now();
    const w = windows.get(key);
    if (!w || w.resetAt <= t) return { allowed: true, retryAfterSeconds: 0, remaining: rule.limit };
    return {
      allowed: w.count < rule.limit,
      retryAfterSeconds: (w.resetAt - t) / 1000,
      remaining: rule.limit - w.count,
    };
  }

  function reset(key: string) {
    windows.delete(key);
  }

  return { hit, peek, reset };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
