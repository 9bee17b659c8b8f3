import pino from "pino";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { offerFirstRunSetup } from "../src/modules/auth/first-run";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ seed: false });
});
afterEach(() => ctx.close());

const PASSWORD = "a first administrator's long pass phrase";
const logged: { setupLink?: string; msg?: string }[] = [];
const logger = pino({ level: "warn" }, { write: (line: string) => void logged.push(JSON.parse(line)) });

/** What a start does: issues (and logs) the setup link while there is no administrator. */
const start = () => offerFirstRunSetup({ db: ctx.db, config: ctx.config, now: ctx.clock.now }, logger);
const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get("token") ?? "";
const createAdmin = (token: string, overrides: Record<string, unknown> = {}) =>
  request(ctx.app)
    .post("/api/setup/admin")
    .set("apikey", ctx.anonKey)
    .send({ token, full_name: "Alva Nyström", email: "alva@example.com", password: PASSWORD, ...overrides });
const signIn = (email: string, password: string) =>
  request(ctx.app)
    .post("/auth/v1/token?grant_type=password")
    .set("apikey", ctx.anonKey)
    .send({ email, password });
const userCount = async () => (await ctx.db.selectFrom("users").select("id").execute()).length;

describe("first-run setup link", () => {
  it("is logged at start, with its token in the fragment and only its hash stored", async () => {
    const link = await start();
    expect(link).toMatch(new RegExp(`^${ctx.config.SITE_URL}/setup#token=[\\w-]{32}$`));
    expect(logged.at(-1)).toMatchObject({
      setupLink: link,
      msg: expect.stringContaining("no administrator"),
    });
    const rows = await ctx.db.selectFrom("setup_tokens").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link ?? ""));
  });

  it("creates the first administrator, confirmed, who can sign in; the link then no longer works", async () => {
    const token = tokenOf((await start()) ?? "");
    const created = await createAdmin(token);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({ email: "alva@example.com" });

    const session = await signIn("alva@example.com", PASSWORD);
    expect(session.status, session.text).toBe(200);
    expect(session.body.user.app_metadata.role).toBe("admin");
    expect(session.body.user.user_metadata.full_name).toBe("Alva Nyström");

    const again = await createAdmin(token, { email: "second@example.com" });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({
      code: "setup_link_invalid",
      message: expect.stringContaining("no longer works"),
    });
    expect(await userCount()).toBe(1);
    // With an administrator, a start issues no link and leaves none behind.
    expect(await start()).toBeUndefined();
    expect(await ctx.db.selectFrom("setup_tokens").selectAll().execute()).toEqual([]);
  });

  it("refuses a made-up, a replaced or an expired link, creating nobody", async () => {
    const first = tokenOf((await start()) ?? "");
    expect((await createAdmin("made-up-token")).status).toBe(403);
    const second = tokenOf((await start()) ?? "");
    expect((await createAdmin(first)).status).toBe(403);
    ctx.clock.advance(3601);
    expect((await createAdmin(second)).status).toBe(403);
    expect(await userCount()).toBe(0);
  });

  it("keeps the link usable after a refused form: a weak password or a taken address", async () => {
    const token = tokenOf((await start()) ?? "");
    const weak = await createAdmin(token, { password: "short" });
    expect(weak.status).toBe(422);
    expect(weak.body.code).toBe("weak_password");
    await ctx.createUser({ email: "taken@example.com", role: null });
    const taken = await createAdmin(token, { email: "Taken@Example.com" });
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe("email_exists");
    expect((await createAdmin(token)).status).toBe(201);
  });

  it("answers a malformed form with 400 and creates nobody", async () => {
    const token = tokenOf((await start()) ?? "");
    for (const body of [
      {},
      { token, full_name: "A", email: "not-an-address", password: PASSWORD },
      { token, full_name: " ", email: "a@example.com", password: PASSWORD },
      { token, full_name: "A", email: "a@example.com", password: PASSWORD, role: "admin" },
    ]) {
      const res = await request(ctx.app).post("/api/setup/admin").set("apikey", ctx.anonKey).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await userCount()).toBe(0);
  });

  it("creates one administrator when one link is used twice at once", async () => {
    const token = tokenOf((await start()) ?? "");
    const answers = await Promise.all(
      ["one@example.com", "two@example.com", "three@example.com"].map((email) =>
        createAdmin(token, { email }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403]);
    expect(await userCount()).toBe(1);
  });
});
