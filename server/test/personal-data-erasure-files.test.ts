import { existsSync, readFileSync, statSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { Client } from "pg";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../src/db/database";
import { createBackup } from "../src/modules/backups/create-backup";
import { restoreBackup } from "../src/modules/backups/restore-backup";
import { erasureLogPath } from "../src/modules/personal-data/erasure-log";
import { createTestContext, type TestContext } from "./helpers";
import { everyRow, type Person, seedPerson } from "./personal-data-support";
import { restoreTarget } from "./support/backups";
import { openOtherConnection, testEngine } from "./support/test-database";

/**
 * An erasure takes the person out of the database's files, not only out of its rows: deleted rows,
 * old row versions, the WAL and the search index keep nothing to recover them from; and restoring a
 * backup made before the erasure erases them again.
 */

let ctx: TestContext;
let admin: string;
let staff: string;
// Signs no contract: a fully signed one keeps the signer's name by design.
const ylva: Person = {
  first: "Ylvetta",
  last: "Kvarnbergh",
  email: "ylvetta.kvarnbergh@example.se",
  password: "ylva's long pass phrase 7",
  day: 8,
};
const tor: Person = {
  first: "Torvaldo",
  last: "Quillmark",
  email: "torvaldo.quillmark@example.se",
  password: "tor's long pass phrase 8",
  day: 9,
};
const stay: Person = {
  first: "Stellan",
  last: "Bergqvistsson",
  email: "stellan.bergqvistsson@example.se",
  password: "stellan's pass phrase 9",
  day: 10,
};

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  admin = await ctx.userToken({ role: "admin" });
  staff = await ctx.userToken({ role: "staff" });
}, 60_000);
afterAll(() => ctx.close());

const erase = (email: string) =>
  request(ctx.app)
    .post("/api/admin/personal-data/erase")
    .set({ apikey: ctx.anonKey, authorization: `Bearer ${admin}` })
    .send({ email });

const passwordHashOf = async (email: string) =>
  (
    await ctx.db
      .selectFrom("users")
      .select("encrypted_password")
      .where("email", "=", email)
      .executeTakeFirstOrThrow()
  ).encrypted_password as string;

/** What must not be recoverable, as SQLite (UTF-8) or a UTF-16 database would spell it. */
function secretsOf(p: Person, hash: string) {
  const texts = [p.email, `${p.first} ${p.last}`, p.last, hash];
  return texts.flatMap((text) => [
    { text, encoding: "utf8", bytes: Buffer.from(text, "utf8") },
    { text, encoding: "utf16le", bytes: Buffer.from(text, "utf16le") },
    { text, encoding: "utf16be", bytes: Buffer.from(text, "utf16le").swap16() },
  ]);
}

/** The raw bytes of every file the database lives in. */
async function databaseFiles(db: Database): Promise<{ name: string; bytes: Buffer }[]> {
  if (db.engine === "sqlite") {
    const path = ctx.config.DATABASE.engine === "sqlite" ? ctx.config.DATABASE.path : "";
    return [path, `${path}-wal`]
      .filter((f) => existsSync(f))
      .map((f) => ({ name: f, bytes: readFileSync(f) }));
  }
  // The app's tables, their indexes and TOAST, read by the server itself (superuser), after a checkpoint
  // has written every page out.
  await sql`checkpoint`.execute(db);
  const { rows } = await sql<{ name: string; bytes: Buffer }>`
    select c.relname as name, pg_read_binary_file(pg_relation_filepath(c.oid)) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where (n.nspname = current_schema() or n.nspname = 'pg_toast')
      and c.relkind in ('r', 'i', 't') and pg_relation_filepath(c.oid) is not null`.execute(db);
  return rows;
}

const found = (files: { name: string; bytes: Buffer }[], secrets: ReturnType<typeof secretsOf>) =>
  secrets.flatMap((s) =>
    files.filter((f) => f.bytes.includes(s.bytes)).map((f) => `${s.text} (${s.encoding}) in ${f.name}`),
  );

/** Lower-cased trigrams, as the search index's trigram tokenizer keeps them. */
const trigrams = (text: string) => {
  const chars = [...text.toLowerCase()];
  return chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join(""));
};

/** Trigrams of the contacts' searched text, but the rows given. */
async function contactTrigrams(exceptId = "") {
  const { rows } = await sql<Record<string, string | null>>`
    select first_name, last_name, stage_name, email from crm_contacts where id != ${exceptId}`.execute(
    ctx.db,
  );
  return new Set(rows.flatMap((c) => Object.values(c).flatMap((v) => trigrams(v ?? ""))));
}

/** The words SQLite's search index holds, of those given. */
async function indexedWords(words: Set<string>): Promise<string[]> {
  await sql`create virtual table if not exists temp.contact_words
    using fts5vocab(main, crm_contacts_search, row)`.execute(ctx.db);
  const { rows } = await sql<{ term: string }>`select term from temp.contact_words`.execute(ctx.db);
  return rows.map((r) => r.term).filter((t) => words.has(t));
}

/** The engine's driver as the server picks it for this Node. */
const SQLITE_DRIVER = new URL("../src/db/engine/sqlite-driver.mjs", import.meta.url).href;

/** How long the other session's read stays open after it began. */
const READ_MS = 400;

interface OpenRead {
  /** Settles once the read has begun. */
  holding: Promise<unknown>;
  ended(): boolean;
  done: Promise<unknown>;
}

/**
 * A read transaction on PostgreSQL, from another connection: a repeatable read holds its snapshot from its
 * first statement to its end.
 */
async function postgresReader(): Promise<OpenRead> {
  const other = await openOtherConnection(ctx.databaseUrl);
  let ended = false;
  let began!: () => void;
  const holding = new Promise<void>((resolve) => (began = resolve));
  const done = other
    .connection()
    .execute(async (conn) => {
      await sql`begin isolation level repeatable read`.execute(conn);
      await sql`select count(*) as n from users`.execute(conn);
      began();
      await new Promise((resolve) => setTimeout(resolve, READ_MS));
      ended = true;
      await sql`commit`.execute(conn);
    })
    .finally(() => other.close());
  return { holding, ended: () => ended, done };
}

/**
 * A read transaction on SQLite, from another thread: the engine's calls block their thread, so a reader
 * on this one could not end while the erasure's checkpoint waits for it.
 */
function sqliteReader(): OpenRead {
  const path = ctx.config.DATABASE.engine === "sqlite" ? ctx.config.DATABASE.path : "";
  const ended = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData, parentPort } = require("node:worker_threads");
     import(workerData.driver).then(({ SQLite }) => {
       const db = new SQLite(workerData.path);
       db.exec("begin");
       db.prepare("select count(*) as n from users").get();
       parentPort.postMessage("holding");
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
       Atomics.store(workerData.ended, 0, 1);
       db.exec("commit");
       db.close();
     });`,
    { eval: true, workerData: { path, ms: READ_MS, ended, driver: SQLITE_DRIVER } },
  );
  const holding = new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  const done = new Promise((resolve, reject) => {
    worker.once("exit", resolve);
    worker.once("error", reject);
  });
  return { holding, ended: () => Atomics.load(ended, 0) === 1, done };
}

describe("erasure", () => {
  it("leaves the address, the name and the password hash nowhere in the database's files", async () => {
    await seedPerson(ctx, staff, ylva, { signs: false });
    const hash = await passwordHashOf(ylva.email);
    const secrets = secretsOf(ylva, hash);
    // The check reads the right files: before the erasure, each is there in UTF-8.
    const before = found(await databaseFiles(ctx.db), secrets);
    for (const text of [ylva.email, `${ylva.first} ${ylva.last}`, hash])
      expect(before.some((f) => f.startsWith(`${text} (utf8)`))).toBe(true);

    const res = await erase(ylva.email);
    expect(res.status, res.text).toBe(200);
    expect(res.body.found).toBe(true);

    expect(found(await databaseFiles(ctx.db), secrets)).toEqual([]);
    if (ctx.db.engine === "sqlite") {
      // Nothing left to checkpoint: the WAL was emptied.
      expect(
        statSync(`${ctx.config.DATABASE.engine === "sqlite" ? ctx.config.DATABASE.path : ""}-wal`).size,
      ).toBe(0);
    }
  });

  it("waits for a read that began before it, then leaves nothing of the person in the files", async () => {
    const late: Person = { ...tor, email: "torvaldo.late@example.se", last: "Quillmarkesson", day: 12 };
    await seedPerson(ctx, staff, late, { signs: false });
    const secrets = secretsOf(late, await passwordHashOf(late.email));
    // Another session's read, still open when the erasure commits: until it ends, it may see the old rows.
    const reader = ctx.db.engine === "sqlite" ? sqliteReader() : await postgresReader();
    await reader.holding;
    const res = await erase(late.email);
    // The erasure answered only once the read had ended.
    const waited = reader.ended();
    await reader.done;
    expect(res.status, res.text).toBe(200);
    expect(waited).toBe(true);
    expect(found(await databaseFiles(ctx.db), secrets)).toEqual([]);
  });

  // PostgreSQL's snapshots see transaction ids server-wide: a write still running in another database
  // when the erasure commits puts every later snapshot's horizon before it, VACUUM FULL's own included.
  // SQLite's files are the database's alone.
  if (testEngine() === "postgres")
    it("waits for a write in another database that began before it", async () => {
      const other: Person = { ...tor, email: "torvaldo.elsewhere@example.se", last: "Quillmarkby", day: 13 };
      await seedPerson(ctx, staff, other, { signs: false });
      const secrets = secretsOf(other, await passwordHashOf(other.email));
      const elsewhere = new Client({ connectionString: inject("pgServerUrl") });
      await elsewhere.connect();
      let ended = false;
      try {
        await elsewhere.query("begin");
        await elsewhere.query("select pg_current_xact_id()");
        // Longer than the erasure itself takes, so it is still running when the erasure would vacuum.
        const ending = new Promise((resolve) => setTimeout(resolve, 2_500)).then(async () => {
          ended = true;
          await elsewhere.query("commit");
        });
        const res = await erase(other.email);
        const waited = ended;
        await ending;
        expect(res.status, res.text).toBe(200);
        expect(found(await databaseFiles(ctx.db), secrets)).toEqual([]);
        expect(waited).toBe(true);
      } finally {
        await elsewhere.end();
      }
    });

  it("leaves none of the person's words in the search index", async () => {
    const { contactId } = await seedPerson(ctx, staff, tor, { signs: false });
    const search = () =>
      request(ctx.app)
        .get(`/rest/v1/crm_contacts?select=id&last_name=ilike.*${tor.last.slice(1, 7)}*`)
        .set({ apikey: ctx.anonKey, authorization: `Bearer ${staff}` });
    expect((await search()).body).toHaveLength(1);
    // SQLite's FTS5 index keeps its own copy of the words; PostgreSQL's trigram indexes are rewritten.
    const indexFile = () =>
      sql<{ file: string }>`select pg_relation_filenode('crm_contacts_last_name_trgm_idx')::text as file`
        .execute(ctx.db)
        .then((r) => r.rows[0]?.file);
    const sqlite = ctx.db.engine === "sqlite";
    // Words of theirs no other contact has: the index holds them now, and must not after.
    const others = sqlite ? await contactTrigrams(contactId) : new Set<string>();
    const theirs = new Set([tor.first, tor.last, tor.email].flatMap(trigrams).filter((t) => !others.has(t)));
    if (sqlite) expect((await indexedWords(theirs)).length).toBeGreaterThan(10);
    const fileBefore = sqlite ? undefined : await indexFile();

    expect((await erase(tor.email)).status).toBe(200);
    expect((await search()).body).toEqual([]);
    if (sqlite) {
      const now = await contactTrigrams();
      expect(await indexedWords(new Set([...theirs].filter((t) => !now.has(t))))).toEqual([]);
      // The vocabulary hides words a deletion only marked; the index itself now removes them on delete.
      const { rows } = await sql<{ v: number }>`
        select v from crm_contacts_search_config where k = 'secure-delete'`.execute(ctx.db);
      expect(rows).toEqual([{ v: 1 }]);
    } else expect(await indexFile()).not.toBe(fileBefore);
  });
});

describe("restoring a backup made before an erasure", () => {
  it("erases the person again, keeps everyone else, and the log of erasures holds nobody's address", async () => {
    const victim: Person = { ...ylva, email: "ylvetta.again@example.se", last: "Kvarnberghsdottir", day: 11 };
    await seedPerson(ctx, staff, victim, { signs: false });
    await seedPerson(ctx, staff, stay, { signs: false });
    const { dir } = await createBackup({ config: ctx.config, db: ctx.db, trigger: "cli" });
    expect((await erase(victim.email)).status).toBe(200);

    const log = readFileSync(erasureLogPath(ctx.config.DATA_DIR), "utf8");
    expect(log).not.toMatch(/@|ylvetta|kvarnbergh/i);
    expect(statSync(erasureLogPath(ctx.config.DATA_DIR)).mode & 0o777).toBe(0o600);

    const target = await restoreTarget();
    try {
      const restored = await restoreBackup({ dir, ...target, live: ctx.config });
      expect(restored.erasuresReplayed).toBe(1);
      const db = await openOtherConnection(restored.databaseUrl);
      try {
        const rows = (await everyRow({ db })).map((r) => r.text.toLowerCase());
        expect(rows.filter((t) => t.includes(victim.email))).toEqual([]);
        expect(rows.filter((t) => t.includes(victim.last.toLowerCase()))).toEqual([]);
        expect(rows.some((t) => t.includes(stay.email))).toBe(true);
        const users = await db.selectFrom("users").select("email").execute();
        expect(users.map((u) => u.email)).toContain(stay.email);
        expect(users.map((u) => u.email)).not.toContain(victim.email);
      } finally {
        await db.close();
      }
      // The restored install carries the log on, so its own later restores replay the same erasures.
      if (restored.dataDir) expect(readFileSync(erasureLogPath(restored.dataDir), "utf8")).toBe(log);
    } finally {
      await target.drop();
    }
  }, 60_000);
});
