import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../database";
import { matchesLike } from "../like-matcher";
import { migrateToLatest } from "../migrate";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "sms-sqlite-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const open = (path: string) => openDatabase({ target: { engine: "sqlite", path } });

describe("connection settings", () => {
  it("uses WAL, enforces foreign keys and fsyncs every commit (FULL) by default", async () => {
    const db = await open(join(dir, "settings.db"));
    try {
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0] ?? {},
        )[0];
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("synchronous")).toBe(2);
    } finally {
      await db.close();
    }
  });
});

describe("the realtime feed's wake-ups", () => {
  it("come at the commit of a write whose statement answers its rows, not at the next poll", async () => {
    const db = await open(join(dir, "wake.db"));
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(db);
      let woken = 0;
      const stop = db.onRowChanges(() => {
        woken += 1;
      });
      await db.withTransaction((trx) => sql`insert into notes (body) values ('x') returning id`.execute(trx));
      // The poll looks every 100 ms; the wake-up after the commit comes on the next turn of the loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(woken).toBe(1);
      stop();
    } finally {
      await db.close();
    }
  });
});

describe("file modes", () => {
  const modeOf = (file: string) => statSync(file).mode & 0o777;

  it("creates the database, its WAL and its shared-memory file readable by the owner only", async () => {
    const path = join(dir, "private.db");
    const db = await open(path);
    try {
      await migrateToLatest(db);
      await sql`INSERT INTO events (id, title, status) VALUES ('e1', 'A write', 'upcoming')`.execute(db);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe(0o600);
    } finally {
      await db.close();
    }
  });

  it("tightens the files of an existing install", async () => {
    const path = join(dir, "older.db");
    writeFileSync(path, "");
    chmodSync(path, 0o644);
    writeFileSync(`${path}-wal`, "");
    chmodSync(`${path}-wal`, 0o644);
    const db = await open(path);
    try {
      await sql`CREATE TABLE t (x INTEGER)`.execute(db);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe(0o600);
    } finally {
      await db.close();
    }
  });
});

describe("PostgreSQL's LIKE on SQLite", () => {
  it.each([
    ["%Keys", "Elin Keys", false, true],
    ["%keys", "Elin Keys", false, false],
    ["%keys", "Elin Keys", true, true],
    ["åsa%", "Åsa Demo", true, true],
    ["Dag 50\\%%", "Dag 50% Mix", false, true],
    ["Dag 50\\%%", "Dag 500 Mix", false, false],
    ["_lin%", "Elin", false, true],
    ["a.c", "abc", false, false],
  ])("%s against %s (ilike %s) is %s", (pattern, value, ilike, expected) => {
    expect(matchesLike(pattern, value, ilike)).toBe(expected);
  });
});
