import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWithNext } from "../src/db/database";
import { refresh, signIn } from "./auth/support";
import { createTestContext, type TestContext } from "./helpers";

/**
 * The hot writes' budget of round trips to the database, counted as statements the server sends for the
 * whole request (on PostgreSQL each is a round trip on a pooled connection: the session check of a
 * staff token, BEGIN and COMMIT included). SQLite runs in process, where a statement costs no round
 * trip: its budget is what its transactions run today. The CRM writes' budgets are today's statements
 * (their hooks run in JavaScript between the statements), so none creeps in unnoticed.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
});
afterAll(() => ctx.close());

const budget = (postgres: number, sqlite: number) => (ctx.engine === "postgres" ? postgres : sqlite);

/** The statements `fn` sent to the database, and what it answered. */
async function counted<T>(fn: () => Promise<T>): Promise<{ statements: number; result: T }> {
  const before = ctx.db.statementsSent();
  const result = await fn();
  return { statements: ctx.db.statementsSent() - before, result };
}

describe("refresh-token rotation", () => {
  it("rotates a token in at most two round trips, and its answer is the one the transaction gave", async () => {
    const user = await ctx.createUser({ role: "staff" });
    const session = await signIn(ctx, user.email, user.password);
    const { statements, result: res } = await counted(() => refresh(ctx, session.refresh_token));
    expect(res.status, res.text).toBe(200);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(budget(2, 12));
    expect(res.body.refresh_token).not.toBe(session.refresh_token);
    expect(res.body.user).toEqual(session.user);
    const fromUser = await request(ctx.app)
      .get("/auth/v1/user")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${res.body.access_token}`);
    expect(fromUser.status).toBe(200);
    expect(res.body.user).toEqual(fromUser.body);
    // The child works, and the token it replaced is spent.
    const next = await refresh(ctx, res.body.refresh_token);
    expect(next.status, next.text).toBe(200);
    const rows = await ctx.db
      .selectFrom("refresh_tokens")
      .select(["id", "parent_id", "revoked_at"])
      .where("user_id", "=", user.id)
      .orderBy("id")
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows[1]?.parent_id).toBe(rows[0]?.id);
    expect(rows[2]?.parent_id).toBe(rows[1]?.id);
    expect(rows.map((r) => r.revoked_at !== null)).toEqual([true, true, false]);
  });
});

const api = (method: "post" | "patch", path: string, token: string) =>
  request(ctx.app)
    [method](path)
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${token}`)
    .set("Prefer", "return=representation");

const timelineOf = (recordId: string) =>
  ctx.db
    .selectFrom("crm_activity")
    .select(["action", "changes", "actor_id"])
    .where("record_id", "=", recordId)
    .orderBy("created_at")
    .execute();

describe("the CRM's hot writes", () => {
  it("inserts a contact with its timeline row within its budget", async () => {
    const staff = await ctx.userToken({ role: "staff" });
    const { statements, result: res } = await counted(() =>
      api("post", "/rest/v1/crm_contacts", staff).send({ first_name: "Bench", last_name: "Writer" }),
    );
    expect(res.status, res.text).toBe(201);
    // The session check; BEGIN with the insert; the timeline row with COMMIT.
    expect(statements).toBeLessThanOrEqual(budget(3, 5));
    const [contact] = res.body as { id: string; first_name: string; last_activity_at: string }[];
    expect(contact?.first_name).toBe("Bench");
    const rows = await timelineOf(String(contact?.id));
    expect(rows.map((r) => r.action)).toEqual(["created"]);
  });

  it("moves a deal with its timeline row and its contact's last activity within its budget", async () => {
    const staff = await ctx.userToken({ role: "staff" });
    const contact = await api("post", "/rest/v1/crm_contacts", staff).send({
      first_name: "A",
      last_name: "B",
    });
    const deal = await api("post", "/rest/v1/crm_deals", staff).send({
      title: "Sync",
      stage: "prospect",
      contact_id: contact.body[0].id,
    });
    expect(deal.status, deal.text).toBe(201);
    const id = deal.body[0].id as string;
    const { statements, result: res } = await counted(() =>
      api("patch", `/rest/v1/crm_deals?id=eq.${id}`, staff).send({ stage: "negotiation" }),
    );
    expect(res.status, res.text).toBe(200);
    // The session check; BEGIN with the lock; the update; the timeline row and the contact's activity
    // with COMMIT.
    expect(statements).toBeLessThanOrEqual(budget(4, 7));
    expect(res.body[0].stage).toBe("negotiation");
    const rows = await timelineOf(id);
    expect(rows.map((r) => r.action)).toEqual(["created", "moved"]);
  });
});

describe("a write sent with the transaction's next statement", () => {
  const activity = (id: string) => ({
    id,
    record_type: "crm_contacts",
    record_id: randomUUID(),
    action: "note" as const,
    changes: "{}",
    actor_id: null,
    actor_role: null,
    note: "sent later",
    created_at: new Date().toISOString(),
  });
  const exists = async (id: string) =>
    (await ctx.db.selectFrom("crm_activity").select("id").where("id", "=", id).executeTakeFirst()) !==
    undefined;

  it("is written with the commit", async () => {
    const id = randomUUID();
    await ctx.db.withTransaction((trx) =>
      sendWithNext(trx, trx.insertInto("crm_activity").values(activity(id))),
    );
    expect(await exists(id)).toBe(true);
  });

  it("fails the transaction with its own error when it fails, and nothing of the transaction is written", async () => {
    const first = randomUUID();
    const outcome = ctx.db.withTransaction(async (trx) => {
      await trx.insertInto("crm_activity").values(activity(first)).execute();
      // The same key again: a unique violation, seen only when it is sent.
      await sendWithNext(trx, trx.insertInto("crm_activity").values(activity(first)));
    });
    await expect(outcome).rejects.toThrow(/unique|duplicate/i);
    expect(await exists(first)).toBe(false);
  });

  it("is dropped when the transaction is refused before it is sent", async () => {
    const id = randomUUID();
    const outcome = ctx.db.withTransaction(async (trx) => {
      await sendWithNext(trx, trx.insertInto("crm_activity").values(activity(id)));
      throw new Error("refused");
    });
    await expect(outcome).rejects.toThrow("refused");
    expect(await exists(id)).toBe(false);
  });
});
