import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type BetterSqlite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/support/test-database";
import type { Db } from "../database";
import { SQLite } from "./sqlite-driver.mjs";
import { GroupRolledBackError } from "./sqlite-group-commit";

let test: TestDatabase;
let dir: string;
/** A second connection to the same file: it sees only what was committed. */
let observer: BetterSqlite.Database;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-group-"));
  test = await openTestDatabase(dir);
  observer = new SQLite(test.url, { readonly: true });
});
afterAll(async () => {
  observer.close();
  await test.drop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await test.db.deleteFrom("events").execute();
});

const insert = (trx: Db, title: string) =>
  trx.insertInto("events").values({ id: crypto.randomUUID(), title, status: "upcoming" }).execute();
const committedTitles = () =>
  (observer.prepare("SELECT title FROM events ORDER BY title").all() as { title: string }[]).map(
    (row) => row.title,
  );
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("group commit on SQLite", () => {
  it("runs the transactions of one turn in one commit, each answered only once that commit is done", async () => {
    const log: string[] = [];
    const first = test.db.withTransaction(async (trx) => {
      await insert(trx, "a");
      log.push("a written");
    });
    const second = test.db.withTransaction(async (trx) => {
      // Still one transaction: the first body's write is not committed yet.
      log.push(`b sees ${JSON.stringify(committedTitles())}`);
      await insert(trx, "b");
    });
    const answered = (name: string) => () => log.push(`${name} answered, committed ${committedTitles()}`);
    await Promise.all([first.then(answered("a")), second.then(answered("b"))]);
    expect(log).toEqual(["a written", "b sees []", "a answered, committed a,b", "b answered, committed a,b"]);
  });

  it("undoes only the failing body's writes; the others commit", async () => {
    const ok = test.db.withTransaction((trx) => insert(trx, "kept"));
    const failing = test.db.withTransaction(async (trx) => {
      await insert(trx, "undone");
      throw new Error("changed my mind");
    });
    const after = test.db.withTransaction((trx) => insert(trx, "after"));
    await expect(failing).rejects.toThrow("changed my mind");
    await Promise.all([ok, after]);
    expect(committedTitles()).toEqual(["after", "kept"]);
  });

  it("runs one body at a time, even when a body waits for other work between its statements", async () => {
    const log: string[] = [];
    const slow = test.db.withTransaction(async (trx) => {
      await insert(trx, "slow 1");
      log.push("slow 1");
      await new Promise((resolve) => setTimeout(resolve, 20));
      await insert(trx, "slow 2");
      log.push("slow 2");
    });
    await nextTurn();
    const quick = test.db.withTransaction(async (trx) => {
      log.push("quick");
      await insert(trx, "quick");
    });
    await Promise.all([slow, quick]);
    expect(log).toEqual(["slow 1", "slow 2", "quick"]);
    expect(committedTitles()).toEqual(["quick", "slow 1", "slow 2"]);
  });

  it("keeps reads outside a transaction behind its commit, so they never see writes that could be lost", async () => {
    const written = test.db.withTransaction((trx) => insert(trx, "read after commit"));
    const read = test.db.selectFrom("events").select("title").execute();
    const seen = await read;
    expect(committedTitles()).toEqual(["read after commit"]);
    expect(seen).toEqual([{ title: "read after commit" }]);
    await written;
  });

  it("fails the bodies already run when SQLite rolls the whole transaction back, and runs the waiting ones", async () => {
    const lost = test.db.withTransaction((trx) => insert(trx, "lost"));
    const breaking = test.db.withTransaction(async (trx) => {
      await insert(trx, "broken");
      // What a full disk or an I/O error does to the transaction under every savepoint.
      await sql`rollback`.execute(trx);
      throw new Error("disk I/O error");
    });
    const waiting = test.db.withTransaction((trx) => insert(trx, "waiting"));
    await expect(lost).rejects.toBeInstanceOf(GroupRolledBackError);
    await expect(breaking).rejects.toThrow("disk I/O error");
    await waiting;
    expect(committedTitles()).toEqual(["waiting"]);
    // The connection is free again for the next group.
    await test.db.withTransaction((trx) => insert(trx, "next"));
    expect(committedTitles()).toEqual(["next", "waiting"]);
  });

  it("commits later turns' transactions in groups of their own", async () => {
    await test.db.withTransaction((trx) => insert(trx, "one"));
    expect(committedTitles()).toEqual(["one"]);
    await test.db.withTransaction((trx) => insert(trx, "two"));
    expect(committedTitles()).toEqual(["one", "two"]);
  });
});
