import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";
import { openDatabase } from "../../src/db/database";
import { migrateToLatest } from "../../src/db/migrate";
import { SQLITE_TEMPLATE_FILE, TEMPLATE_DATABASE, withDatabaseName } from "./test-database";

/**
 * Migrates a template database once per run, on the project's engine; each test file then copies it (a
 * SQLite file) or clones it (a PostgreSQL database), which takes milliseconds where migrating takes many.
 */
export default async function setup(project: TestProject) {
  return project.config.env?.TEST_DB_ENGINE === "postgres" ? setupPostgres(project) : setupSqlite(project);
}

async function setupSqlite(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "sms-test-template-"));
  const path = join(dir, SQLITE_TEMPLATE_FILE);
  const template = await openDatabase({ target: { engine: "sqlite", path } });
  await migrateToLatest(template);
  // Closing the only connection checkpoints the write-ahead log into the file and removes it, so a copy
  // of the file alone is the whole database.
  await template.close();
  project.provide("sqliteTemplatePath", path);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Starts PostgreSQL for the run, unless PG_TEST_URL names a server of your own. */
async function setupPostgres(project: TestProject) {
  const own = process.env.PG_TEST_URL;
  const cluster = own ? undefined : await startThrowawayPostgres();
  const serverUrl = own ?? (cluster?.url as string);
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const template = await openDatabase({
    target: { engine: "postgres", url: withDatabaseName(serverUrl, TEMPLATE_DATABASE) },
  });
  await migrateToLatest(template);
  await template.close();
  project.provide("pgServerUrl", serverUrl);
  return async () => {
    await admin.end();
    cluster?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
    sqliteTemplatePath: string;
  }
}
