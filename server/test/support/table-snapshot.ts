import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../../src/db/database";

/**
 * Tables whose rows a refused request may rightly change: the audit log records failed attempts, and
 * rate-limit counters count them.
 */
const EXCLUDED = new Set(["audit_log", "rate_limits", "kysely_migration", "kysely_migration_lock"]);

async function tableNames(db: Database): Promise<string[]> {
  const rows =
    db.engine === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows.rows
    .map((r) => r.name)
    .filter((n) => !EXCLUDED.has(n))
    .sort();
}

/** A hash of every row of every table (but those above), independent of row order and engine. */
export async function snapshotTables(db: Database): Promise<string> {
  const hash = createHash("sha256");
  for (const name of await tableNames(db)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    hash.update(name).update(JSON.stringify(rows.rows.map((r) => JSON.stringify(r)).sort()));
  }
  return hash.digest("hex");
}
