import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openOtherConnection, openTestDatabase, type TestDatabase } from "./test-database";
import { type WriteWatch, watchWrites } from "./write-watch";

// The oracle behind "a refused request writes nothing": it must see every kind of write, or those
// checks would pass whatever the server did.
let dir: string;
let test: TestDatabase;
let writes: WriteWatch;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-write-watch-"));
  test = await openTestDatabase(dir);
  writes = await watchWrites(test.db);
});
afterAll(async () => {
  await test.drop();
  rmSync(dir, { recursive: true, force: true });
});

const message = () => ({ id: randomUUID(), name: "N", email: "n@example.com", subject: "S", message: "M" });

describe("the write watch", () => {
  it("sees an insert, an update that changes nothing, and a delete", async () => {
    const row = message();
    let mark = await writes.mark();
    await test.db.insertInto("contact_messages").values(row).execute();
    expect(await writes.since(mark)).toEqual(["contact_messages: 1 insert"]);

    mark = await writes.mark();
    await test.db.updateTable("contact_messages").set({ name: row.name }).where("id", "=", row.id).execute();
    expect(await writes.since(mark)).toEqual(["contact_messages: 1 update"]);

    mark = await writes.mark();
    await test.db.deleteFrom("contact_messages").where("id", "=", row.id).execute();
    expect(await writes.since(mark)).toEqual(["contact_messages: 1 delete"]);
  });

  it("sees a write by another connection, as another process would make", async () => {
    const mark = await writes.mark();
    const other = await openOtherConnection(test.url);
    try {
      await other.insertInto("contact_messages").values(message()).execute();
    } finally {
      await other.close();
    }
    expect(await writes.since(mark)).toEqual(["contact_messages: 1 insert"]);
  });

  it("reports nothing for a statement that matched no row, a rolled-back write or the audit log", async () => {
    const mark = await writes.mark();
    await test.db.updateTable("contact_messages").set({ name: "x" }).where("id", "=", randomUUID()).execute();
    await expect(
      test.db.withTransaction(async (trx) => {
        await trx.insertInto("contact_messages").values(message()).execute();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await test.db
      .insertInto("audit_log")
      .values({ action: "probe", user_id: null, email: null, ip: null, user_agent: null, created_at: "now" })
      .execute();
    expect(await writes.since(mark)).toEqual([]);
  });
});
