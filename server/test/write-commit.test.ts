import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type Database, openDatabase } from "../src/db/database";
import { parseDatabaseUrl } from "../src/db/engine/connection-url";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
/** A second connection to the same data: it sees only what was committed. */
let other: Database;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  other = await openDatabase({ target: parseDatabaseUrl(ctx.databaseUrl, ctx.dir) });
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const committed = async (subject: string) =>
  (await other.selectFrom("events").select("title").where("title", "=", subject).execute()).length;

describe("answers to concurrent writes", () => {
  it("are sent only once the write they acknowledge is committed", async () => {
    // Another transaction joins right behind each request's and takes a while (as one hashing a password
    // would), so on SQLite their shared commit comes well after the request's own body has ended.
    const withTransaction = ctx.db.withTransaction;
    let joined = 0;
    ctx.db.withTransaction = (body) => {
      const result = withTransaction(body);
      joined++;
      void withTransaction(() => new Promise((resolve) => setTimeout(resolve, 100)));
      return result;
    };
    onTestFinished(() => {
      ctx.db.withTransaction = withTransaction;
    });
    const subjects = Array.from({ length: 3 }, (_, i) => `Concurrent ${i}`);
    const answers = await Promise.all(
      subjects.map((subject) =>
        request(ctx.app)
          .post("/rest/v1/events")
          .set("apikey", ctx.serviceRoleKey)
          .set("Authorization", `Bearer ${ctx.serviceRoleKey}`)
          .send({ title: subject, status: "upcoming" })
          // Read the moment the answer arrives.
          .then(async (res) => ({ status: res.status, seen: await committed(subject) })),
      ),
    );
    expect(joined).toBe(subjects.length);
    expect(answers).toEqual(subjects.map(() => ({ status: 201, seen: 1 })));
  });
});
