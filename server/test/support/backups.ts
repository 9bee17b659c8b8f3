import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import request from "supertest";
import { createApp } from "../../src/app";
import { openDatabase } from "../../src/db/database";
import { parseDatabaseUrl } from "../../src/db/engine/connection-url";
import { migrateToLatest } from "../../src/db/migrate";
import { createLogger } from "../../src/http/logger";
import { testConfig } from "../helpers";
import { openTestDatabase, testEngine } from "./test-database";

/**
 * Where a test restores a backup on this run's engine: a fresh, empty data folder (SQLite), or a fresh,
 * empty database (PostgreSQL, with `databaseUrl`). `drop` removes the database afterwards.
 */
export async function restoreTarget() {
  const to = join(mkdtempSync(join(tmpdir(), "sms-restore-")), "data");
  if (testEngine() === "sqlite") return { to, databaseUrl: undefined, drop: async () => undefined };
  const empty = await openTestDatabase(to.replace(/data$/, ""), { migrated: false });
  await empty.db.close();
  return { to: undefined, databaseUrl: empty.url, drop: empty.drop };
}

/** A real app over restored data, as a server started on it would run (migrated forward first). */
export async function appOnRestored(databaseUrl: string, dataDir: string) {
  const dir = mkdtempSync(join(tmpdir(), "sms-restored-app-"));
  const config = testConfig(dir, {
    DATABASE_URL: databaseUrl,
    STORAGE_DIR: join(testEngine() === "sqlite" ? dataDir : dir, "storage"),
  });
  const db = await openDatabase({ target: parseDatabaseUrl(databaseUrl, dir) });
  await migrateToLatest(db);
  const app = await createApp({ config, db, logger: createLogger("silent") });
  return { app, db, config, get: (path: string) => request(app).get(path) };
}
