import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../test/support/test-database";
import { fixedQuery } from "./compiled-query";
import { type Database, openDatabase } from "./database";
import { parseDatabaseUrl } from "./engine/connection-url";

let test: TestDatabase;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-db-"));
  test = await openTestDatabase(dir);
});
afterAll(async () => {
  await test.drop();
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
  it("runs the same compiled query with each call's values, in the right order", async () => {
    const { db } = test;
    expect(await insertEvent.run(db, "00000000-0000-4000-8000-000000000001", "First", 10)).toBe(1);
    await insertEvent.run(db, "00000000-0000-4000-8000-000000000002", "Second", null);
    expect(await findEvent.first(db, "00000000-0000-4000-8000-000000000001")).toMatchObject({
      title: "First",
      max_attendees: 10,
    });
    expect(await findEvent.first(db, "00000000-0000-4000-8000-000000000002")).toMatchObject({
      title: "Second",
      max_attendees: null,
    });
    expect(await findEvent.first(db, "00000000-0000-4000-8000-000000000009")).toBeUndefined();
    // Arguments used in a different order than they are declared.
    expect(await byTitleAndMax.all(db, 11, "First")).toEqual([
      { id: "00000000-0000-4000-8000-000000000001" },
    ]);
    expect(await byTitleAndMax.all(db, 10, "First")).toEqual([]);
  });

  it("keeps constants written into the query, and runs inside a transaction too", async () => {
    const upcoming = fixedQuery((k, title: string) =>
      k.selectFrom("events").select("title").where("status", "=", "upcoming").where("title", "=", title),
    );
    expect(await upcoming.all(test.db, "Second")).toEqual([{ title: "Second" }]);
    expect(await upcoming.all(test.db, "Nope")).toEqual([]);
    const inside = await test.db.withTransaction((trx) => upcoming.all(trx, "Second"));
    expect(inside).toEqual([{ title: "Second" }]);
  });
});

describe("transactions and the change stamp", () => {
  it("rolls back every write of a failed transaction", async () => {
    await expect(
      test.db.withTransaction(async (trx) => {
        await insertEvent.run(trx, "00000000-0000-4000-8000-000000000003", "Third", 1);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await findEvent.first(test.db, "00000000-0000-4000-8000-000000000003")).toBeUndefined();
  });

  it("settles each of concurrent transactions only once its writes are committed, undoing only a failing one's", async () => {
    // Another connection to the same data sees only what was committed.
    const other: Database = await openDatabase({ target: parseDatabaseUrl(test.url, dir) });
    try {
      const keptId = "00000000-0000-4000-8000-000000000005";
      const undoneId = "00000000-0000-4000-8000-000000000006";
      const committed = (id: string) => findEvent.first(other, id);
      const [kept, undone] = await Promise.allSettled([
        test.db
          .withTransaction((trx) => insertEvent.run(trx, keptId, "Kept", 1))
          .then(() => committed(keptId)),
        test.db.withTransaction(async (trx) => {
          await insertEvent.run(trx, undoneId, "Undone", 1);
          throw new Error("changed my mind");
        }),
      ]);
      expect(kept).toMatchObject({ status: "fulfilled", value: { title: "Kept" } });
      expect(undone).toMatchObject({ status: "rejected", reason: { message: "changed my mind" } });
      expect(await committed(undoneId)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it("moves the change stamp when this process writes, and memoises reads until then", async () => {
    let reads = 0;
    const read = () => test.db.cachedRead("titles", async () => ++reads);
    const before = test.db.changeStamp();
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    await insertEvent.run(test.db, "00000000-0000-4000-8000-000000000004", "Fourth", 1);
    expect(test.db.changeStamp()).not.toBe(before);
    expect(await read()).toBe(2);
  });
});
