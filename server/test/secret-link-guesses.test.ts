import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

/**
 * Links whose token is the only key (a calendar feed, a client's approval file) with rate limits on: a
 * visitor's misses are counted until they are refused, while a real link answers however often it is
 * fetched, as a calendar app or a media player does.
 */

const GUESS_BUDGET = 20;

let ctx: TestContext;
let staff: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "true" } });
  staff = await ctx.userToken({ role: "staff" });
});
afterAll(() => ctx.close());

const rpc = (name: string, body: object) =>
  request(ctx.app)
    .post(`/rest/v1/rpc/${name}`)
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${staff}`)
    .send(body);

/** Fetches `path` with each token in turn, from one address, and answers the statuses in order. */
async function statuses(path: string, tokens: string[]) {
  const seen: number[] = [];
  for (const token of tokens) seen.push((await request(ctx.app).get(path).query({ token })).status);
  return seen;
}

const wrongTokens = (count: number) =>
  Array.from({ length: count }, (_, i) => `wrong-token-${i}-${"x".repeat(24)}`);

describe("a calendar feed link", () => {
  it("answers its holder every time, and refuses a visitor after too many links that open nothing", async () => {
    const contact = await request(ctx.app)
      .post("/rest/v1/crm_contacts")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${staff}`)
      .set("Prefer", "return=representation")
      .send({ first_name: "Feed", last_name: "Holder", email: "feed.holder@example.se" });
    expect(contact.status, contact.text).toBe(201);
    const made = await rpc("create_calendar_feed", { contact_id: contact.body[0].id });
    expect(made.status, made.text).toBe(200);
    const token = new URL(made.body.url).searchParams.get("token") ?? "";

    const real = await statuses("/api/calendar/feed.ics", Array(GUESS_BUDGET + 5).fill(token));
    expect(new Set(real)).toEqual(new Set([200]));

    const guesses = await statuses("/api/calendar/feed.ics", wrongTokens(GUESS_BUDGET + 1));
    expect(guesses.slice(0, GUESS_BUDGET)).toEqual(Array(GUESS_BUDGET).fill(404));
    const refused = await request(ctx.app).get("/api/calendar/feed.ics").query({ token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(guesses[GUESS_BUDGET]).toBe(429);
  });
});

describe("a client's approval file link", () => {
  it("refuses a visitor after too many links that open nothing, each miss a 410 before that", async () => {
    const guesses = await statuses("/api/approve/file", wrongTokens(GUESS_BUDGET + 1));
    expect(guesses.slice(0, GUESS_BUDGET)).toEqual(Array(GUESS_BUDGET).fill(410));
    expect(guesses[GUESS_BUDGET]).toBe(429);
  });
});
