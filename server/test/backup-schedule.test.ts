import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../src/http/logger";
import { listBackups } from "../src/modules/backups/backup-list";
import { createBackupService } from "../src/modules/backups/backup-service";
import { createTestContext, type TestContext } from "./helpers";
import { openOtherConnection, testEngine } from "./support/test-database";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ seed: false });
});
afterEach(() => ctx.close());

const HOUR = 3600;

function scheduled(env: { interval?: number; keep?: number; dir?: string } = {}) {
  const logs: string[] = [];
  const service = createBackupService({
    config: {
      ...ctx.config,
      BACKUP_INTERVAL_HOURS: env.interval ?? 24,
      BACKUP_KEEP: env.keep ?? 3,
      BACKUP_DIR: env.dir ?? join(ctx.dir, "backups"),
    },
    db: ctx.db,
    logger: createLogger("info", { write: (line: string) => logs.push(line) }),
    now: ctx.clock.now,
  });
  return { service, logs };
}

const auditActions = async (action: string) =>
  ctx.db
    .selectFrom("audit_log")
    .select(["detail", "created_at"])
    .where("action", "=", action)
    .orderBy("id")
    .execute();

describe("scheduled backups", () => {
  it("run once per interval and prune to BACKUP_KEEP, oldest first", async () => {
    const { service, logs } = scheduled({ keep: 3 });
    const made: string[] = [];
    for (let day = 0; day < 5; day++) {
      expect(await service.tick()).toBe("created");
      made.push((await listBackups(join(ctx.dir, "backups")))[0]?.id as string);
      // Not due again until the interval has gone by.
      ctx.clock.advance(23 * HOUR);
      expect(await service.tick()).toBe("not_due");
      ctx.clock.advance(1 * HOUR);
    }
    const kept = await listBackups(join(ctx.dir, "backups"));
    expect(kept.map((b) => b.id)).toEqual(made.slice(2).reverse());
    expect(kept.every((b) => b.status === "complete")).toBe(true);
    const created = await auditActions("backup_created");
    expect(created).toHaveLength(5);
    expect(JSON.parse(created[0]?.detail ?? "{}")).toMatchObject({ trigger: "schedule", engine: ctx.engine });
    expect(logs.filter((l) => l.includes('"msg":"backup created"'))).toHaveLength(5);
    expect(logs.some((l) => l.includes('"msg":"old backups removed"'))).toBe(true);
  });

  it("records a failure in the audit log and the server log, and tries again after an hour, not every minute", async () => {
    const blocked = join(ctx.dir, "not-a-folder");
    writeFileSync(blocked, "a file where the backups folder should be");
    const { service, logs } = scheduled({ dir: blocked });
    expect(await service.tick()).toBe("failed");
    const failures = await auditActions("backup_failed");
    expect(failures).toHaveLength(1);
    expect(JSON.parse(failures[0]?.detail ?? "{}")).toMatchObject({ trigger: "schedule" });
    expect(logs.some((l) => l.includes('"msg":"backup failed"'))).toBe(true);
    ctx.clock.advance(59 * 60);
    expect(await service.tick()).toBe("not_due");
    ctx.clock.advance(60);
    expect(await service.tick()).toBe("failed");
    expect(await auditActions("backup_failed")).toHaveLength(2);
    expect(await auditActions("backup_created")).toHaveLength(0);
  });

  it("never prune an unfinished backup or a folder that is not a backup", async () => {
    const root = join(ctx.dir, "backups");
    mkdirSync(join(root, "2020-01-01T00-00-00.000Z"), { recursive: true });
    writeFileSync(join(root, "2020-01-01T00-00-00.000Z", "database.sqlite"), "half written");
    mkdirSync(join(root, "operator-notes"));
    const { service } = scheduled({ keep: 1 });
    for (let run = 0; run < 2; run++) {
      expect(await service.tick()).toBe("created");
      ctx.clock.advance(24 * HOUR);
    }
    const listed = await listBackups(root);
    expect(listed.map((b) => b.status)).toEqual(["complete", "incomplete"]);
    expect(listed[1]).toMatchObject({
      id: "2020-01-01T00-00-00.000Z",
      created_at: "2020-01-01T00:00:00.000Z",
      size_bytes: 12,
    });
    expect(existsSync(join(root, "operator-notes"))).toBe(true);
  });

  it("are off when BACKUP_INTERVAL_HOURS is 0", async () => {
    const { service } = scheduled({ interval: 0 });
    expect(await service.tick()).toBe("off");
    expect(await listBackups(join(ctx.dir, "backups"))).toEqual([]);
  });
});

// Several stateless nodes share one PostgreSQL database; SQLite runs one node only.
if (testEngine() === "postgres") {
  describe("scheduled backups on several nodes", () => {
    it("run on one node per interval: the others find the lock taken or the backup already made", async () => {
      const other = await openOtherConnection(ctx.databaseUrl);
      try {
        const config = { ...ctx.config, BACKUP_INTERVAL_HOURS: 24, BACKUP_KEEP: 14 };
        const nodes = [ctx.db, other, ctx.db].map((db, i) =>
          createBackupService({
            config: { ...config, BACKUP_DIR: join(ctx.dir, `node-${i}`) },
            db,
            logger: createLogger("silent"),
            now: ctx.clock.now,
          }),
        );
        const outcomes = await Promise.all(nodes.map((n) => n.tick()));
        expect(outcomes.filter((o) => o === "created")).toHaveLength(1);
        expect(outcomes.every((o) => ["created", "locked", "not_due"].includes(o))).toBe(true);
        expect(await auditActions("backup_created")).toHaveLength(1);
        // Any node may take the next one, once it is due.
        ctx.clock.advance(24 * HOUR);
        const next = await Promise.all(nodes.map((n) => n.tick()));
        expect(next.filter((o) => o === "created")).toHaveLength(1);
      } finally {
        await other.close();
      }
    });
  });
}
