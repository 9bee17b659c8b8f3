import fc from "fast-check";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../helpers";

/**
 * Model-based sequences of sign-in, refresh (alone and racing), logout with each scope and password
 * change across several browser tabs of one user. Tabs can share a session (a copied tab) and race.
 */
interface Tab {
  access: string;
  refresh: string;
  session: string;
}
interface Model {
  tabs: (Tab | null)[];
  ended: Set<string>;
  password: string;
}
interface Real {
  ctx: TestContext;
  email: string;
}

const TABS = 3;
let ctx: TestContext;
let counter = 0;
beforeAll(async () => {
  ctx = await createTestContext({
    seed: false,
    env: { RATE_LIMITS: "false", REFRESH_TOKEN_REUSE_INTERVAL: "10" },
  });
});
afterAll(() => ctx.close());

const api = () => request(ctx.app);
const key = (r: request.Test) => r.set("apikey", ctx.anonKey);
const sessionIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString()).session_id as string;

async function checkInvariants(model: Model) {
  const active = await ctx.db
    .selectFrom("refresh_tokens")
    .select((eb) => ["session_id", eb.fn.countAll<number>().as("n")])
    .where("revoked_at", "is", null)
    .groupBy("session_id")
    .execute();
  for (const { session_id, n } of active) {
    const row = { session_id, n: Number(n) };
    expect(row.n, `session ${row.session_id} has ${row.n} active refresh tokens`).toBeLessThanOrEqual(1);
    expect(model.ended.has(row.session_id), `ended session ${row.session_id} has an active token`).toBe(
      false,
    );
  }
}

function endSessions(model: Model, ids: Iterable<string>) {
  for (const id of ids) model.ended.add(id);
  model.tabs = model.tabs.map((t) => (t && model.ended.has(t.session) ? null : t));
}

function expectNo5xx(res: request.Response) {
  expect(res.status, res.text).toBeLessThan(500);
}

class SignIn implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const res = await key(api().post("/auth/v1/token?grant_type=password")).send({
      email: real.email,
      password: model.password,
    });
    expectNo5xx(res);
    expect(res.status, res.text).toBe(200);
    model.tabs[this.tab] = {
      access: res.body.access_token,
      refresh: res.body.refresh_token,
      session: sessionIdOf(res.body.access_token),
    };
    await checkInvariants(model);
  }
  toString = () => `SignIn(${this.tab})`;
}

class CopyTab implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly from: number,
    readonly to: number,
  ) {}
  check = (m: Readonly<Model>) => this.from !== this.to && m.tabs[this.from] !== null;
  async run(model: Model) {
    model.tabs[this.to] = { ...(model.tabs[this.from] as Tab) };
  }
  toString = () => `CopyTab(${this.from}→${this.to})`;
}

/** Every tab holding the same session refreshes at once with the token it has. */
class RacingRefresh implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: number) {}
  check = (m: Readonly<Model>) => m.tabs[this.tab] !== null;
  async run(model: Model) {
    const session = (model.tabs[this.tab] as Tab).session;
    const racers = model.tabs.map((t, i) => [t, i] as const).filter(([t]) => t?.session === session);
    const results = await Promise.all(
      racers.map(([t]) =>
        key(api().post("/auth/v1/token?grant_type=refresh_token")).send({
          refresh_token: (t as Tab).refresh,
        }),
      ),
    );
    for (const res of results) expectNo5xx(res);
    const ok = results.filter((r) => r.status === 200);
    // Tabs of a live session all stay signed in, and all hold the one current token.
    expect(ok.length, results.map((r) => r.text).join("\n")).toBe(results.length);
    expect(new Set(ok.map((r) => r.body.refresh_token)).size).toBe(1);
    results.forEach((res, k) => {
      const index = racers[k]?.[1] as number;
      expect(sessionIdOf(res.body.access_token)).toBe(session);
      model.tabs[index] = { access: res.body.access_token, refresh: res.body.refresh_token, session };
    });
    await checkInvariants(model);
  }
  toString = () => `RacingRefresh(${this.tab})`;
}

class SignOut implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly tab: number,
    readonly scope: "global" | "local" | "others",
  ) {}
  check = (m: Readonly<Model>) => m.tabs[this.tab] !== null;
  async run(model: Model) {
    const tab = model.tabs[this.tab] as Tab;
    const res = await key(api().post(`/auth/v1/logout?scope=${this.scope}`)).set(
      "Authorization",
      `Bearer ${tab.access}`,
    );
    expectNo5xx(res);
    expect(res.status, res.text).toBe(204);
    const live = new Set(model.tabs.filter((t): t is Tab => t !== null).map((t) => t.session));
    const userSessions = await ctx.db
      .selectFrom("sessions")
      .select("id")
      .where("ended_at", "is not", null)
      .execute();
    if (this.scope === "local") endSessions(model, [tab.session]);
    if (this.scope === "global") endSessions(model, [...live, ...userSessions.map((s) => s.id)]);
    if (this.scope === "others")
      endSessions(
        model,
        [...live].filter((s) => s !== tab.session),
      );
    await checkInvariants(model);
  }
  toString = () => `SignOut(${this.tab}, ${this.scope})`;
}

class ChangePassword implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: number) {}
  check = (m: Readonly<Model>) => m.tabs[this.tab] !== null;
  async run(model: Model) {
    const tab = model.tabs[this.tab] as Tab;
    const password = `a brand new passphrase ${++counter} for the model`;
    const res = await key(api().put("/auth/v1/user"))
      .set("Authorization", `Bearer ${tab.access}`)
      .send({ password });
    expectNo5xx(res);
    expect(res.status, res.text).toBe(200);
    model.password = password;
    const live = new Set(model.tabs.filter((t): t is Tab => t !== null).map((t) => t.session));
    endSessions(
      model,
      [...live].filter((s) => s !== tab.session),
    );
    await checkInvariants(model);
  }
  toString = () => `ChangePassword(${this.tab})`;
}

/** A tab's tokens work exactly while the model says its session is alive; ended sessions never come back. */
class UseTokens implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: number) {}
  check = () => true;
  async run(model: Model) {
    const all = await Promise.all(
      [...model.ended].slice(-3).map(async (session) => {
        const row = await ctx.db
          .selectFrom("refresh_tokens")
          .select("id")
          .where("session_id", "=", session)
          .where("revoked_at", "is", null)
          .executeTakeFirst();
        expect(row, `ended session ${session} came back`).toBeUndefined();
      }),
    );
    expect(all).toBeDefined();
    const tab = model.tabs[this.tab];
    if (!tab) return;
    const res = await key(api().get("/auth/v1/user")).set("Authorization", `Bearer ${tab.access}`);
    expectNo5xx(res);
    expect(res.status, res.text).toBe(200);
  }
  toString = () => `UseTokens(${this.tab})`;
}

/** Keeps the tokens of a tab whose session was ended and checks they are refused everywhere. */
class UseEndedTokens implements fc.AsyncCommand<Model, Real> {
  constructor(readonly tab: number) {}
  check = (m: Readonly<Model>) => m.tabs[this.tab] !== null;
  async run(model: Model) {
    const tab = model.tabs[this.tab] as Tab;
    const res = await key(api().post("/auth/v1/logout?scope=local")).set(
      "Authorization",
      `Bearer ${tab.access}`,
    );
    expect(res.status).toBe(204);
    endSessions(model, [tab.session]);
    const user = await key(api().get("/auth/v1/user")).set("Authorization", `Bearer ${tab.access}`);
    expect(user.status).toBe(403);
    const refreshed = await key(api().post("/auth/v1/token?grant_type=refresh_token")).send({
      refresh_token: tab.refresh,
    });
    expectNo5xx(refreshed);
    expect(refreshed.status).toBe(400);
    await checkInvariants(model);
  }
  toString = () => `UseEndedTokens(${this.tab})`;
}

const tab = fc.integer({ min: 0, max: TABS - 1 });
// Sign-ins, copied tabs and races are listed twice: sequences need them to reach interesting states.
const commands = [
  tab.map((t) => new SignIn(t)),
  tab.map((t) => new SignIn(t)),
  fc.tuple(tab, tab).map(([a, b]) => new CopyTab(a, b)),
  fc.tuple(tab, tab).map(([a, b]) => new CopyTab(a, b)),
  tab.map((t) => new RacingRefresh(t)),
  tab.map((t) => new RacingRefresh(t)),
  fc
    .tuple(tab, fc.constantFrom("global", "local", "others") as fc.Arbitrary<"global" | "local" | "others">)
    .map(([t, s]) => new SignOut(t, s)),
  tab.map((t) => new ChangePassword(t)),
  tab.map((t) => new UseTokens(t)),
  tab.map((t) => new UseEndedTokens(t)),
];

describe("sessions under concurrent tabs", () => {
  it("keep one active refresh token per session, never revive an ended one, never answer 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { size: "large", maxCommands: 30 }), async (cmds) => {
        const user = await ctx.createUser({ role: "staff" });
        const model: Model = { tabs: Array(TABS).fill(null), ended: new Set(), password: user.password };
        await fc.asyncModelRun(() => ({ model, real: { ctx, email: user.email } }), cmds);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
