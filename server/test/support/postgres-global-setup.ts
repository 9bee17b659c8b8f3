import { Client } from "pg";
import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";
import { openDatabase } from "../../src/db/database";
import { migrateToLatest } from "../../src/db/migrate";
import { TEMPLATE_DATABASE, withDatabaseName } from "./test-database";

/**
 * Starts PostgreSQL for the run (unless PG_TEST_URL names a server of your own) and migrates a template
 * database once; each test file then clones it, which takes milliseconds.
 */
export default async function setup(project: TestProject) {
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
  }
}
