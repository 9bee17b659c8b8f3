import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, TEST_MFA_KEY, TEST_SECRET, type TestContext } from "./helpers";
import { appOnRestored, restoreTarget } from "./support/backups";
import { PROCESS_TEST_TIMEOUT } from "./support/server-process";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ seed: true });
});
afterEach(() => ctx.close());

const repoRoot = join(import.meta.dirname, "..", "..");

/**
 * `npm run cli -- …` as an operator runs it: npm alone (no pnpm on the PATH), the test's database in the
 * environment, standard input closed, so a command that waited for input would fail rather than hang.
 */
function npmCli(args: string[]) {
  const path = [dirname(process.execPath), "/bin", "/usr/bin"].join(":");
  return spawnSync("npm", ["run", "--silent", "cli", "--", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
    input: "",
    timeout: 90_000,
    env: {
      PATH: path,
      HOME: process.env.HOME ?? "/root",
      NODE_ENV: "test",
      DATABASE_URL: ctx.databaseUrl,
      DATA_DIR: ctx.dir,
      STORAGE_DIR: ctx.config.STORAGE_DIR,
      JWT_SECRET: TEST_SECRET,
      MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
      LOG_LEVEL: "silent",
    },
  });
}

describe("npm run cli -- backup …", { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it("creates, verifies and restores a backup; a tampered one fails verify with a non-zero exit", async () => {
    const out = join(ctx.dir, "nightly");
    const created = npmCli(["backup", "create", "--out", out]);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain(`written to ${out}`);

    const verified = npmCli(["backup", "verify", out]);
    expect(verified.status, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^OK: .*database check passed/m);

    const audited = await ctx.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "backup_created")
      .execute();
    expect(JSON.parse(audited[0]?.detail ?? "{}")).toMatchObject({ trigger: "cli" });

    const target = await restoreTarget();
    try {
      const where = target.to ? ["--to", target.to] : ["--database-url", target.databaseUrl as string];
      const restored = npmCli(["backup", "restore", out, ...where]);
      expect(restored.status, restored.stderr).toBe(0);
      const again = npmCli(["backup", "restore", out, ...where]);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain("is not empty");

      const app = await appOnRestored(
        target.databaseUrl ?? join(target.to as string, "app.db"),
        target.to ?? "",
      );
      try {
        const res = await request(app.app).get("/rest/v1/events?select=id").set("apikey", ctx.anonKey);
        const live = await request(ctx.app).get("/rest/v1/events?select=id").set("apikey", ctx.anonKey);
        expect(res.status).toBe(200);
        expect(res.body.length).toBeGreaterThan(0);
        expect(res.body).toEqual(live.body);
      } finally {
        await app.db.close();
      }
    } finally {
      await target.drop();
    }

    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")) as { database: string };
    const database = join(out, manifest.database);
    writeFileSync(database, Buffer.concat([readFileSync(database), Buffer.from("tampered")]));
    const tampered = npmCli(["backup", "verify", out]);
    expect(tampered.status).toBe(1);
    expect(tampered.stderr).toContain(`${manifest.database}:`);
    expect(tampered.stdout).not.toContain("OK");
    // Six runs of npm, each starting the CLI afresh, on a machine shared with other suites.
  });
});
