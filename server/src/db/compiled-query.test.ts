import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../test/support/test-database";
import { shapedQuery } from "./compiled-query";
import { dynamicTables } from "./dynamic-tables";

let test: TestDatabase;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-shaped-"));
  test = await openTestDatabase(dir);
});
afterAll(async () => {
  await test.drop();
  rmSync(dir, { recursive: true, force: true });
});

interface Shape {
  /** Stands for the table: every shape here inserts an event, but counts toward this group's cap. */
  group: string;
  columns: string[];
}

/** An event's insert naming whichever columns the shape lists, as a data API write does. */
const eventInserts = () =>
  shapedQuery<Shape, Record<string, unknown>>({
    key: (s) => JSON.stringify([s.group, s.columns]),
    group: (s) => s.group,
    perGroup: 2,
    total: 3,
    build: (db, s, arg) =>
      dynamicTables(db)
        .insertInto("events")
        .values(Object.fromEntries(s.columns.map((c, i) => [c, arg(i)])))
        .returning(["id", "title", "max_attendees"]),
  });

const shape = (...columns: string[]): Shape => ({ group: "events", columns });

let serial = 0;
const eventId = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, "0")}`;

describe("shapedQuery", () => {
  it("compiles a shape once and runs it with each call's values; a new shape compiles anew", async () => {
    const inserts = eventInserts();
    const short = shape("id", "title", "status");
    const first = await inserts.execute(test.db, short, [eventId(), "One", "upcoming"]);
    const second = await inserts.execute(test.db, short, [eventId(), "Two", "upcoming"]);
    expect(first.rows).toEqual([expect.objectContaining({ title: "One", max_attendees: null })]);
    expect(second.rows).toEqual([expect.objectContaining({ title: "Two", max_attendees: null })]);
    expect(inserts.counts()).toEqual({ compilations: 1, kept: 1 });

    const long = shape("id", "title", "status", "max_attendees");
    const third = await inserts.execute(test.db, long, [eventId(), "Three", "upcoming", 12]);
    expect(third.rows).toEqual([expect.objectContaining({ title: "Three", max_attendees: 12 })]);
    expect(inserts.counts()).toEqual({ compilations: 2, kept: 2 });
  });

  it("keeps no more shapes per group than its cap, and still runs the ones beyond it", async () => {
    const inserts = eventInserts();
    await inserts.execute(test.db, shape("id", "title", "status"), [eventId(), "A", "upcoming"]);
    await inserts.execute(test.db, shape("title", "id", "status"), ["B", eventId(), "upcoming"]);
    const beyond = shape("status", "id", "title");
    const third = await inserts.execute(test.db, beyond, ["upcoming", eventId(), "C"]);
    const fourth = await inserts.execute(test.db, beyond, ["upcoming", eventId(), "D"]);
    expect(third.rows[0]).toMatchObject({ title: "C" });
    expect(fourth.rows[0]).toMatchObject({ title: "D" });
    // The shape beyond the cap is compiled for each call and never kept.
    expect(inserts.counts()).toEqual({ compilations: 4, kept: 2 });
    // A kept shape is still reused.
    await inserts.execute(test.db, shape("id", "title", "status"), [eventId(), "E", "upcoming"]);
    expect(inserts.counts()).toEqual({ compilations: 4, kept: 2 });
  });

  it("keeps no more shapes in all than its total, whichever group they belong to", async () => {
    const inserts = eventInserts();
    const values = () => [eventId(), "T", "upcoming"];
    await inserts.execute(test.db, { group: "a", columns: ["id", "title", "status"] }, values());
    await inserts.execute(test.db, { group: "a", columns: ["id", "status", "title"] }, [
      eventId(),
      "upcoming",
      "T",
    ]);
    await inserts.execute(test.db, { group: "b", columns: ["id", "title", "status"] }, values());
    expect(inserts.counts()).toEqual({ compilations: 3, kept: 3 });
    // Group c holds nothing yet, but the total is reached.
    await inserts.execute(test.db, { group: "c", columns: ["id", "title", "status"] }, values());
    await inserts.execute(test.db, { group: "c", columns: ["id", "title", "status"] }, values());
    expect(inserts.counts()).toEqual({ compilations: 5, kept: 3 });
  });

  it("runs a kept shape inside a transaction and rolls back with it", async () => {
    const inserts = eventInserts();
    const id = eventId();
    await expect(
      test.db.withTransaction(async (trx) => {
        await inserts.execute(trx, shape("id", "title", "status"), [id, "Gone", "upcoming"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const found = await test.db.selectFrom("events").select("id").where("id", "=", id).execute();
    expect(found).toEqual([]);
  });
});
