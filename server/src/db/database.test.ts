import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, fixedQuery, openDatabase } from "./database";
import { migrateToLatest } from "./migrate";

let db: Database;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-db-"));
  db = openDatabase({ path: join(dir, "app.db") });
  await migrateToLatest(db.kysely);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insertEvent = fixedQuery((k, id: string, title: string, max: number | null) =>
  k.insertInto("events").values({ id, title, status: "upcoming", max_attendees: max }),
);
const findEvent = fixedQuery((k, id: string) => k.selectFrom("events").selectAll().where("id", "=", id));
const byTitleAndMax = fixedQuery((k, max: number, title: string) =>
  k.selectFrom("events").select("id").where("title", "=", title).where("max_attendees", "<", max),
);

describe("fixedQuery", () => {
  it("runs the same prepared statement with each call's values, in the right order", () => {
    insertEvent.run(db, "00000000-0000-4000-8000-000000000001", "First", 10);
    insertEvent.run(db, "00000000-0000-4000-8000-000000000002", "Second", null);
    expect(findEvent.first(db, "00000000-0000-4000-8000-000000000001")).toMatchObject({
      title: "First",
      max_attendees: 10,
    });
    expect(findEvent.first(db, "00000000-0000-4000-8000-000000000002")).toMatchObject({
      title: "Second",
      max_attendees: null,
    });
    expect(findEvent.first(db, "00000000-0000-4000-8000-000000000009")).toBeUndefined();
    // Arguments used in a different order than they are declared.
    expect(byTitleAndMax.all(db, 11, "First")).toEqual([{ id: "00000000-0000-4000-8000-000000000001" }]);
    expect(byTitleAndMax.all(db, 10, "First")).toEqual([]);
  });

  it("keeps constants written into the query", () => {
    const upcoming = fixedQuery((k, title: string) =>
      k.selectFrom("events").select("title").where("status", "=", "upcoming").where("title", "=", title),
    );
    expect(upcoming.all(db, "Second")).toEqual([{ title: "Second" }]);
    expect(upcoming.all(db, "Nope")).toEqual([]);
  });
});

describe("file modes", () => {
  const modeOf = (file: string) => statSync(file).mode & 0o777;

  it("creates the database, its WAL and its shared-memory file readable by the owner only", async () => {
    const path = join(dir, "private.db");
    const own = openDatabase({ path });
    try {
      await migrateToLatest(own.kysely);
      own.sqlite.prepare("INSERT INTO events (id, title, status) VALUES ('e1', 'A write', 'upcoming')").run();
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe(0o600);
    } finally {
      own.close();
    }
  });

  it("tightens the files of an existing install", () => {
    const path = join(dir, "older.db");
    writeFileSync(path, "");
    chmodSync(path, 0o644);
    writeFileSync(`${path}-wal`, "");
    chmodSync(`${path}-wal`, 0o644);
    const own = openDatabase({ path });
    try {
      own.sqlite.exec("CREATE TABLE t (x INTEGER)");
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe(0o600);
    } finally {
      own.close();
    }
  });
});
