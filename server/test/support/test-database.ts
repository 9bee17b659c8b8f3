import { randomBytes } from "node:crypto";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../src/db/database";
import { parseDatabaseUrl } from "../../src/db/engine/connection-url";
import { migrateToLatest } from "../../src/db/migrate";

export const TEMPLATE_DATABASE = "app_test_template";
export const SQLITE_TEMPLATE_FILE = "template.db";

export type TestEngine = "sqlite" | "postgres";
export const testEngine = (): TestEngine =>
  process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "sqlite";

export function withDatabaseName(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestDatabase {
  db: Database;
  /** What DATABASE_URL would say to reach the same data (for a second server process or the CLI). */
  url: string;
  drop(): Promise<void>;
}

/**
 * A migrated, empty database of this run's engine: a copy of the template file in `dir` (SQLite), or a
 * clone of the template database (PostgreSQL). With `migrated: false`, a database with no tables at all.
 * With `locale` (PostgreSQL only: SQLite has none), a database of that collation and character classes,
 * migrated on its own.
 */
export async function openTestDatabase(
  dir: string,
  { migrated = true, locale }: { migrated?: boolean; locale?: string } = {},
): Promise<TestDatabase> {
  if (testEngine() === "sqlite") {
    const path = join(dir, "app.db");
    if (migrated) copyFileSync(inject("sqliteTemplatePath"), path);
    // A throwaway file: commits skip the fsync (a setting operators have too), as the test PostgreSQL
    // cluster runs with fsync off. A crash of this process loses nothing in WAL mode either; what FULL adds
    // is survival of a power cut, which the crash-safety suite's own server process keeps.
    const db = await openDatabase({ target: { engine: "sqlite", path }, synchronous: "NORMAL" });
    return { db, url: path, drop: () => db.close().catch(() => undefined) };
  }
  const serverUrl = inject("pgServerUrl");
  const name = `app_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (locale) {
      const quoted = `'${locale.replaceAll("'", "''")}'`;
      await admin.query(
        `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE ${quoted} LC_CTYPE ${quoted}`,
      );
    } else {
      await admin.query(
        `CREATE DATABASE ${name} TEMPLATE ${migrated ? TEMPLATE_DATABASE : "template0"}${await copyStrategy(admin)}`,
      );
    }
  } finally {
    await admin.end();
  }
  const url = withDatabaseName(serverUrl, name);
  const db = await openDatabase({ target: { engine: "postgres", url }, poolSize: 5 });
  if (locale && migrated) await migrateToLatest(db);
  return {
    db,
    url,
    async drop() {
      await db.close().catch(() => undefined);
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * PostgreSQL 15 clones a database through the write-ahead log by default, block by block; copying the
 * template's files is less than half the time for a database this small (a clone per test file, and per
 * test in some), and the checkpoint it takes costs nothing on the test cluster, which runs without fsync.
 * Older servers (PG_TEST_URL) copy files anyway and know no STRATEGY.
 */
async function copyStrategy(admin: Client) {
  const { rows } = await admin.query<{ server_version_num: string }>("SHOW server_version_num");
  return Number(rows[0]?.server_version_num) >= 150000 ? " STRATEGY FILE_COPY" : "";
}

/** A second connection to the same data, as another process (the CLI, another node) would have. */
export function openOtherConnection(url: string) {
  return openDatabase({ target: parseDatabaseUrl(url, process.cwd()) });
}
