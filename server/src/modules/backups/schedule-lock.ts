import pg from "pg";
import type { DatabaseTarget } from "../../db/engine/connection-url";

/**
 * Several stateless nodes may run on one PostgreSQL database: each takes this session-level advisory
 * lock before a scheduled backup, so only one runs at a time, and the one that gets it checks again
 * (from the shared audit log) whether a backup is still due. The lock is held on a connection of its own,
 * outside the pool, so a pool of one connection cannot deadlock on it. SQLite has one node: no lock.
 */
export async function withScheduleLock<T>(
  target: DatabaseTarget,
  fn: () => Promise<T>,
): Promise<{ locked: false } | { locked: true; value: T }> {
  if (target.engine === "sqlite") return { locked: true, value: await fn() };
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock(hashtext('app:scheduled-backup')) as locked",
    );
    if (!rows[0]?.locked) return { locked: false };
    try {
      return { locked: true, value: await fn() };
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('app:scheduled-backup'))");
    }
  } finally {
    await client.end();
  }
}
