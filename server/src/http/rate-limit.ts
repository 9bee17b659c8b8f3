import { sql } from "kysely";
import type { Db } from "../db/database";

/**
 * Fixed-window counters in the database, keyed by whatever the caller chooses (IP, e-mail, account), so
 * every node of a deployment counts against the same budget and a restart forgets nothing. One atomic
 * upsert per hit: parallel hits on one key never both see room that only one of them has.
 */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
  remaining: number;
}

interface RateLimitHit extends RateLimitResult {
  /** Gives an allowed hit back (an attempt that turned out not to count); a no-op once the window moved on. */
  release(): Promise<void>;
}

export interface RateLimiter {
  hit(key: string, rule: RateLimitRule, cost?: number): Promise<RateLimitHit>;
  /** Counts without consuming: used to refuse early when a key is already over its limit. */
  peek(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

/** Keys are hashed or short by their callers; this bounds what a careless one could store. */
const MAX_KEY_LENGTH = 300;
const SWEEP_EVERY_MS = 60_000;

export function createRateLimiter(db: Db, now: () => number = Date.now): RateLimiter {
  let lastSweep = 0;

  async function sweep(t: number) {
    if (t - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = t;
    await db.deleteFrom("rate_limits").where("reset_at", "<=", t).execute();
  }

  return {
    async hit(key, rule, cost = 1) {
      const t = now();
      const k = key.slice(0, MAX_KEY_LENGTH);
      await sweep(t);
      const resetAt = t + rule.windowSeconds * 1000;
      const row = await db
        .insertInto("rate_limits")
        .values({ key: k, count: cost, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            count: sql`case when rate_limits.reset_at <= ${t} then ${cost} else rate_limits.count + ${cost} end`,
            reset_at: sql`case when rate_limits.reset_at <= ${t} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning(["count", "reset_at"])
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      const windowEnd = Number(row.reset_at);
      const retryAfterSeconds = (windowEnd - t) / 1000;
      const allowed = count <= rule.limit;
      let released = !allowed;
      return {
        allowed,
        retryAfterSeconds,
        remaining: Math.max(0, rule.limit - count),
        async release() {
          if (released) return;
          released = true;
          await db
            .updateTable("rate_limits")
            .set({ count: sql`count - ${cost}` })
            .where("key", "=", k)
            .where("reset_at", "=", windowEnd)
            .execute();
        },
      };
    },

    async peek(key, rule) {
      const t = now();
      const row = await db
        .selectFrom("rate_limits")
        .select(["count", "reset_at"])
        .where("key", "=", key.slice(0, MAX_KEY_LENGTH))
        .executeTakeFirst();
      if (!row || Number(row.reset_at) <= t) {
        return { allowed: true, retryAfterSeconds: 0, remaining: rule.limit };
      }
      const count = Number(row.count);
      return {
        allowed: count < rule.limit,
        retryAfterSeconds: (Number(row.reset_at) - t) / 1000,
        remaining: Math.max(0, rule.limit - count),
      };
    },

    async reset(key) {
      await db.deleteFrom("rate_limits").where("key", "=", key.slice(0, MAX_KEY_LENGTH)).execute();
    },
  };
}
