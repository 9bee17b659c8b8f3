import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteFile } from "../src/db/engine/sqlite-file";
import { migrationNames } from "../src/db/migrate";
import { listBackups } from "../src/modules/backups/backup-list";
import { createBackup } from "../src/modules/backups/create-backup";
import { hashFile, MANIFEST_FILE, readManifest } from "../src/modules/backups/manifest";
import { restoreBackup } from "../src/modules/backups/restore-backup";
import { verifyBackup } from "../src/modules/backups/verify-backup";
import { diskBlobStore, holdBlobRemovals } from "../src/modules/storage/blob-store";
import type { StagedUpload } from "../src/modules/storage/staging";
import { createTestContext, type TestContext } from "./helpers";
import { appOnRestored, restoreTarget } from "./support/backups";
import { PDF } from "./support/storage-files";
import { testEngine } from "./support/test-database";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ seed: false });
});
afterEach(() => ctx.close());

/** Rows a writer commits one by one; each is acknowledged once its insert has returned. */
function startWriter() {
  const acknowledged: number[] = [];
  let stopped = false;
  const done = (async () => {
    for (let seq = 0; !stopped; seq++) {
      await ctx.db
        .insertInto("audit_log")
        .values({
          action: "test_write",
          detail: JSON.stringify({ seq }),
          created_at: new Date().toISOString(),
        })
        .execute();
      acknowledged.push(seq);
      // Each write is its own turn of the event loop, as requests are: SQLite's driver answers without
      // I/O, so a bare loop of awaits would never let anything else (the backup) run.
      await new Promise((r) => setImmediate(r));
    }
  })();
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((r) => setImmediate(r));
}

const staffHeaders = async () => ({
  apikey: ctx.anonKey,
  authorization: `Bearer ${await ctx.userToken({ role: "staff", sessionId: "00000000-0000-4000-8000-00000000beef" })}`,
});

describe("backup create, while a writer commits in a loop", () => {
  it("restores to a database that passes its integrity check and holds every write acknowledged before the snapshot began", async () => {
    const headers = await staffHeaders();
    const upload = await request(ctx.app)
      .post("/storage/v1/object/documents/contracts/deal.pdf")
      .set(headers)
      .send(PDF);
    expect(upload.status, upload.text).toBe(200);

    const writer = startWriter();
    await until(() => writer.acknowledged.length >= 20);
    const acknowledgedBefore = writer.acknowledged.length;
    const { dir, manifest } = await createBackup({ config: ctx.config, db: ctx.db, trigger: "cli" });
    const acknowledgedAfter = writer.acknowledged.length;
    await writer.stop();
    // The writer was not held up: it went on committing while the snapshot was taken.
    expect(acknowledgedAfter).toBeGreaterThan(acknowledgedBefore);

    expect(manifest.engine).toBe(ctx.engine);
    // The newest migration: the last in the list, which the naming scheme keeps the greatest name.
    expect(manifest.schema_version).toBe(migrationNames().at(-1));
    for (const file of manifest.files)
      expect(await hashFile(join(dir, file.path))).toEqual({ size: file.size, sha256: file.sha256 });
    await verifyBackup(dir);

    const target = await restoreTarget();
    try {
      const restored = await restoreBackup({ dir, ...target, live: ctx.config });
      const app = await appOnRestored(restored.databaseUrl, target.to ?? "");
      try {
        if (ctx.engine === "sqlite") {
          const copy = openSqliteFile(restored.databaseUrl, { readonly: true });
          expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
          copy.close();
        } else {
          const { rows } = await sql<{
            ok: boolean;
          }>`select count(*) > 0 as ok from pg_tables where schemaname = 'public'`.execute(app.db);
          expect(rows[0]?.ok).toBe(true);
        }
        const rows = await app.db
          .selectFrom("audit_log")
          .select("detail")
          .where("action", "=", "test_write")
          .execute();
        const saved = new Set(rows.map((r) => (JSON.parse(r.detail) as { seq: number }).seq));
        for (let seq = 0; seq < acknowledgedBefore; seq++) expect(saved.has(seq), `write ${seq}`).toBe(true);
        // A snapshot, not a torn read: the writes it holds are exactly the first N, with no gap.
        expect(Math.max(...saved)).toBe(saved.size - 1);

        const download = await request(app.app)
          .get("/storage/v1/object/authenticated/documents/contracts/deal.pdf")
          .set(headers);
        expect(download.status, download.text).toBe(200);
        expect(Buffer.from(download.body as Buffer).equals(PDF)).toBe(true);
      } finally {
        await app.db.close();
      }
    } finally {
      await target.drop();
    }
  });
});

describe("a hold on the stored files, as a backup takes", () => {
  // The folder store directly, on either engine's metadata transaction: the hold is about files.
  it("keeps a dropped blob's file until every hold is released", async () => {
    const dir = join(ctx.dir, "held-store");
    const store = diskBlobStore(dir);
    const blobId = "ab0123456789";
    const staged = join(ctx.dir, "staged.part");
    writeFileSync(staged, PDF);
    const upload: StagedUpload = {
      file: staged,
      size: PDF.length,
      etag: '"held"',
      head: PDF.subarray(0, 16),
      discard: async () => undefined,
    };
    await store.transaction(ctx.db, async (_trx, blobs) => blobs.put(blobId, upload));
    const file = join(dir, "objects", "ab", blobId);
    expect(existsSync(file)).toBe(true);

    const release = holdBlobRemovals(dir);
    const secondHold = holdBlobRemovals(dir);
    await store.transaction(ctx.db, async (_trx, blobs) => blobs.drop([blobId]));
    expect(existsSync(file)).toBe(true);
    await release();
    await release(); // a release called twice counts once
    expect(existsSync(file)).toBe(true);
    await secondHold();
    expect(existsSync(file)).toBe(false);
  });
});

describe("backup create, while files are uploaded and deleted", () => {
  it("holds the file of every object its database names", async () => {
    const headers = await staffHeaders();
    const key = (i: number) => `/storage/v1/object/documents/churn/${i}.pdf`;
    let stopped = false;
    let uploads = 0;
    const churn = (async () => {
      for (let i = 0; !stopped; i++) {
        const body = Buffer.concat([PDF, Buffer.from(`% ${i}\n`)]);
        expect((await request(ctx.app).post(key(i)).set(headers).send(body)).status).toBe(200);
        uploads++;
        if (i > 0)
          expect(
            (
              await request(ctx.app)
                .delete(key(i - 1))
                .set(headers)
            ).status,
          ).toBe(200);
      }
    })();
    await until(() => uploads >= 3);
    const { dir } = await createBackup({ config: ctx.config, db: ctx.db, trigger: "cli" });
    stopped = true;
    await churn;

    const target = await restoreTarget();
    try {
      const restored = await restoreBackup({ dir, ...target, live: ctx.config });
      const app = await appOnRestored(restored.databaseUrl, target.to ?? "");
      try {
        const objects = await app.db
          .selectFrom("storage_objects")
          .select(["bucket_id", "name", "size"])
          .execute();
        expect(objects.length).toBeGreaterThan(0);
        for (const o of objects) {
          const res = await request(app.app)
            .get(`/storage/v1/object/authenticated/${o.bucket_id}/${o.name}`)
            .set(headers);
          expect(res.status, `${o.name}: ${res.text}`).toBe(200);
          expect((res.body as Buffer).length).toBe(o.size);
        }
      } finally {
        await app.db.close();
      }
    } finally {
      await target.drop();
    }
  });
});

describe("backup verify", () => {
  it("fails on a tampered file, an unlisted file, a missing file and a missing manifest", async () => {
    const { dir, manifest } = await createBackup({ config: ctx.config, db: ctx.db, trigger: "cli" });
    const database = join(dir, manifest.database);
    const original = readFileSync(database);
    const tampered = Buffer.from(original);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 0xff;
    writeFileSync(database, tampered);
    await expect(verifyBackup(dir)).rejects.toThrow(`${manifest.database}: checksum does not match`);
    writeFileSync(database, original);
    await verifyBackup(dir);

    writeFileSync(join(dir, "extra.txt"), "not ours");
    await expect(verifyBackup(dir)).rejects.toThrow("extra.txt: not in the manifest");
    rmSync(join(dir, "extra.txt"));

    rmSync(database);
    await expect(verifyBackup(dir)).rejects.toThrow(`${manifest.database}: missing`);
    writeFileSync(database, original);
    rmSync(join(dir, MANIFEST_FILE));
    await expect(verifyBackup(dir)).rejects.toThrow("has no manifest.json");
  });

  it("fails when the database copy itself is broken, even with checksums that match", async () => {
    const { dir, manifest } = await createBackup({ config: ctx.config, db: ctx.db, trigger: "cli" });
    const database = join(dir, manifest.database);
    const broken = readFileSync(database);
    // Garbage over the middle of the file, and a manifest rewritten to match: only opening the copy tells.
    broken.fill(0x5a, Math.floor(broken.length / 4), Math.floor(broken.length / 2));
    writeFileSync(database, broken);
    const rewritten = await readManifest(dir);
    rewritten.files = await Promise.all(
      rewritten.files.map(async (f) =>
        f.path === manifest.database ? { path: f.path, ...(await hashFile(database)) } : f,
      ),
    );
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(rewritten));
    await expect(verifyBackup(dir)).rejects.toThrow(/database: /);
  });
});

describe("backup restore", () => {
  it("refuses a non-empty folder unless --force, and never the running install's own data", async () => {
    const { dir } = await createBackup({ config: ctx.config, db: ctx.db, trigger: "cli" });
    const target = await restoreTarget();
    try {
      if (ctx.engine === "sqlite") {
        const to = target.to as string;
        await restoreBackup({ dir, to, live: ctx.config });
        await expect(restoreBackup({ dir, to, live: ctx.config })).rejects.toThrow("is not empty");
        writeFileSync(join(to, "app.db-wal"), "a stale log that must not be replayed over the restored file");
        writeFileSync(join(to, "notes.txt"), "kept");
        await restoreBackup({ dir, to, force: true, live: ctx.config });
        expect(readFileSync(join(to, "notes.txt"), "utf8")).toBe("kept");
        expect(() => readFileSync(join(to, "app.db-wal"))).toThrow();
        await expect(restoreBackup({ dir, to: ctx.dir, force: true, live: ctx.config })).rejects.toThrow(
          "running install's data",
        );
      } else {
        const databaseUrl = target.databaseUrl as string;
        await restoreBackup({ dir, databaseUrl, live: ctx.config });
        await expect(restoreBackup({ dir, databaseUrl, live: ctx.config })).rejects.toThrow("is not empty");
        await expect(restoreBackup({ dir, databaseUrl: ctx.databaseUrl, live: ctx.config })).rejects.toThrow(
          "running install's own database",
        );
        await expect(restoreBackup({ dir, live: ctx.config })).rejects.toThrow("--database-url is required");
      }
    } finally {
      await target.drop();
    }
  });
});

// Only a PostgreSQL backup needs the client programs.
if (testEngine() === "postgres") {
  describe("backup create on PostgreSQL without pg_dump", () => {
    it("stops with a message that says what to install, and leaves no half backup behind", async () => {
      const path = process.env.PATH;
      process.env.PATH = join(ctx.dir, "no-programs-here");
      try {
        await expect(createBackup({ config: ctx.config, db: ctx.db, trigger: "cli" })).rejects.toThrow(
          /pg_dump was not found on the PATH.*postgresql-client/s,
        );
      } finally {
        process.env.PATH = path;
      }
      expect(await listBackups(ctx.config.BACKUP_DIR)).toEqual([]);
    });
  });
}

describe("backup files", () => {
  it("are readable by the owner only: every file 0600, every folder 0700", async () => {
    const upload = await request(ctx.app)
      .post("/storage/v1/object/documents/modes/contract.pdf")
      .set({ ...(await staffHeaders()), "content-type": "application/pdf" })
      .send(PDF);
    expect(upload.status, upload.text).toBe(200);
    // A development install's secret files, as loose as an operator's editor might leave them.
    writeFileSync(join(ctx.config.DATA_DIR, "jwt-secret"), "a".repeat(40), { mode: 0o644 });
    const { dir } = await createBackup({ config: ctx.config, db: ctx.db, trigger: "cli" });
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    const folders = [dir, ...entries.filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name))];
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual(
      expect.arrayContaining([MANIFEST_FILE, "secrets/jwt-secret"]),
    );
    if (testEngine() === "sqlite") expect(files.some((f) => f.includes("/objects/"))).toBe(true);
    const loose = [
      ...files.filter((f) => (statSync(f).mode & 0o777) !== 0o600),
      ...folders.filter((f) => (statSync(f).mode & 0o777) !== 0o700),
    ].map((f) => `${f.slice(dir.length)} ${(statSync(f).mode & 0o777).toString(8)}`);
    expect(loose).toEqual([]);
  });
});
