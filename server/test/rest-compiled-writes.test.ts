import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeStatementCounts } from "../src/rest/postgrest/write-statements";
import { createTestContext, type TestContext } from "./helpers";

/**
 * The data API compiles a table's INSERT and UPDATE once per set of columns written, then reuses them:
 * counted by the statements' own compile counter, around requests a client sends.
 */

let ctx: TestContext;
let staff: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
});
afterAll(() => ctx.close());

const api = (method: "post" | "patch", path: string) =>
  request(ctx.app)
    [method](path)
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${staff}`)
    .set("Prefer", "return=representation");

/** What `fn` compiled: inserts and updates. */
async function compiledBy(fn: () => Promise<void>) {
  const before = writeStatementCounts();
  await fn();
  const after = writeStatementCounts();
  return {
    inserts: after.inserts.compilations - before.inserts.compilations,
    updates: after.updates.compilations - before.updates.compilations,
  };
}

describe("compiled data API writes", () => {
  it("compiles a contact's insert once for the same columns, and anew for other columns", async () => {
    // Warms this column list, so only the requests below are counted.
    expect(
      (await api("post", "/rest/v1/crm_contacts").send({ first_name: "W", last_name: "U" })).status,
    ).toBe(201);
    const same = await compiledBy(async () => {
      for (const [first, last] of [
        ["Ada", "Lovelace"],
        ["Alan", "Turing"],
      ]) {
        const res = await api("post", "/rest/v1/crm_contacts").send({ first_name: first, last_name: last });
        expect(res.status, res.text).toBe(201);
        expect(res.body[0]).toMatchObject({ first_name: first, last_name: last });
      }
    });
    expect(same).toEqual({ inserts: 0, updates: 0 });

    // Suites share one module cache (no isolation between files), so the new shape is a set of columns
    // no other suite sends.
    const other = await compiledBy(async () => {
      const res = await api("post", "/rest/v1/crm_contacts").send({
        first_name: "Grace",
        last_name: "Hopper",
        pro_society: "STIM",
        phone: "+46 8 123 456",
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body[0]).toMatchObject({ first_name: "Grace", pro_society: "STIM", phone: "+46 8 123 456" });
    });
    expect(other).toEqual({ inserts: 1, updates: 0 });
  });

  it("compiles a deal's stage move once, and each move answers and stores its own values", async () => {
    const contact = await api("post", "/rest/v1/crm_contacts").send({ first_name: "D", last_name: "M" });
    const deal = await api("post", "/rest/v1/crm_deals").send({
      title: "Tour",
      stage: "prospect",
      contact_id: contact.body[0].id,
    });
    expect(deal.status, deal.text).toBe(201);
    const id = deal.body[0].id as string;
    expect((await api("patch", `/rest/v1/crm_deals?id=eq.${id}`).send({ stage: "negotiation" })).status).toBe(
      200,
    );
    const moves = await compiledBy(async () => {
      for (const stage of ["contract", "won"]) {
        const res = await api("patch", `/rest/v1/crm_deals?id=eq.${id}`).send({ stage });
        expect(res.status, res.text).toBe(200);
        expect(res.body[0]).toMatchObject({ id, stage });
      }
    });
    expect(moves).toEqual({ inserts: 0, updates: 0 });
    const stored = await ctx.db
      .selectFrom("crm_deals")
      .select("stage")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(stored?.stage).toBe("won");
    const timeline = await ctx.db
      .selectFrom("crm_activity")
      .select("action")
      .where("record_id", "=", id)
      .orderBy("created_at")
      .execute();
    expect(timeline.map((r) => r.action)).toEqual(["created", "moved", "moved", "moved"]);
  });
});
