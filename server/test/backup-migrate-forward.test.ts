import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { latestOf, migrateTo, migrationNames } from "../src/db/migrate";
import { createLogger } from "../src/http/logger";
import { createBackup } from "../src/modules/backups/create-backup";
import { restoreBackup } from "../src/modules/backups/restore-backup";
import { startServer } from "../src/server";
import { testConfig } from "./helpers";
import { restoreTarget } from "./support/backups";
import { openTestDatabase, type TestDatabase } from "./support/test-database";

let dir: string;
let older: TestDatabase;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-older-"));
  older = await openTestDatabase(dir, { migrated: false });
});
afterEach(async () => {
  await older.drop();
  rmSync(dir, { recursive: true, force: true });
});

const latestApplied = async (db: TestDatabase["db"]) =>
  latestOf(
    (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name),
  );

describe("a backup made before the latest migration", () => {
  it("restores, and a server started on it migrates it forward with the data kept", async () => {
    const names = migrationNames();
    const previous = names[names.length - 2] as string;
    const latest = names[names.length - 1] as string;
    // The install as the release before this one left it: every migration but the newest.
    await migrateTo(older.db, previous);
    await older.db
      .insertInto("audit_log")
      .values({ action: "written_by_the_old_release", created_at: new Date().toISOString() })
      .execute();

    const config = testConfig(dir, { DATABASE_URL: older.url });
    const { dir: backup, manifest } = await createBackup({ config, db: older.db, trigger: "cli" });
    expect(manifest.schema_version).toBe(previous);

    const target = await restoreTarget();
    try {
      const restored = await restoreBackup({ dir: backup, ...target, live: config });
      const server = await startServer(
        testConfig(mkdtempSync(join(tmpdir(), "sms-restored-")), {
          DATABASE_URL: restored.databaseUrl,
          PORT: "0",
          SEED_DEMO: "false",
        }),
        createLogger("silent"),
      );
      try {
        expect(await latestApplied(server.db)).toBe(latest);
        const kept = await server.db
          .selectFrom("audit_log")
          .select("action")
          .where("action", "=", "written_by_the_old_release")
          .execute();
        expect(kept).toHaveLength(1);
        const health = await fetch(`${server.url}/health`);
        expect(await health.json()).toEqual({ status: "ok" });
      } finally {
        await server.close();
      }
    } finally {
      await target.drop();
    }
  });
});
