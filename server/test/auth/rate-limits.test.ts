import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUserAsAdmin } from "../../src/modules/auth/admin";
import { createTestContext, TEST_PASSWORD, type TestContext, uniqueEmail } from "../helpers";
import { anon, bearer, mails, postAllAtOnce, refresh, signIn } from "./support";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

describe("rate limits", () => {
  it("one mail per address per 60 s, for known and unknown addresses alike", async () => {
    const user = await ctx.createUser();
    for (const email of [user.email, uniqueEmail("unknown")]) {
      expect((await anon(ctx).post("/auth/v1/recover", { email })).status).toBe(200);
      const again = await anon(ctx).post("/auth/v1/recover", { email });
      expect(again.status).toBe(429);
      expect(again.body.error_code).toBe("over_email_send_rate_limit");
      expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(again.headers["retry-after"])).toBeLessThanOrEqual(60);
    }
    ctx.clock.advance(61);
    expect((await anon(ctx).post("/auth/v1/recover", { email: user.email })).status).toBe(200);
  });

  it("an invitation counts as the address's one mail a minute, for the team screen and the admin API alike", async () => {
    const account = await ctx.createUser({ role: "admin" });
    const admin = bearer(ctx, (await signIn(ctx, account.email, account.password)).access_token);
    const email = uniqueEmail("invitee");
    expect((await admin.post("/api/team/invitations", { email, role: "staff" })).status).toBe(201);
    const again = await bearer(ctx, ctx.serviceRoleKey).post("/auth/v1/invite", { email });
    expect(again.status).toBe(429);
    expect(again.body.error_code).toBe("over_email_send_rate_limit");
    expect(await mails(ctx, email)).toHaveLength(1);
    ctx.clock.advance(61);
    // A minute on, the admin API may invite the (still unconfirmed) address again.
    const later = await bearer(ctx, ctx.serviceRoleKey).post("/auth/v1/invite", { email });
    expect(later.status, later.text).toBe(200);
    expect(await mails(ctx, email)).toHaveLength(2);
  });

  it("token grants: 150 per 5 minutes per IP", async () => {
    for (let i = 0; i < 150; i++) expect((await refresh(ctx, `nope-${i}`)).status).toBe(400);
    const over = await refresh(ctx, "nope");
    expect(over.status).toBe(429);
    expect(over.body.error_code).toBe("over_request_rate_limit");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("the PKCE grant shares the token grants' budget", async () => {
    for (let i = 0; i < 149; i++) expect((await refresh(ctx, `nope-${i}`)).status).toBe(400);
    const exchange = () =>
      anon(ctx).post("/auth/v1/token?grant_type=pkce", {
        auth_code: "unknown",
        code_verifier: "x".repeat(43),
      });
    expect((await exchange()).status).toBe(404);
    const over = await exchange();
    expect(over.status).toBe(429);
    expect(over.body.error_code).toBe("over_request_rate_limit");
  });

  it("sign-ups: 30 per 5 minutes per IP", async () => {
    for (let i = 0; i < 30; i++) {
      const res = await anon(ctx).post("/auth/v1/signup", { email: uniqueEmail("flood"), password: "" });
      expect(res.status).toBe(422);
    }
    const over = await anon(ctx).post("/auth/v1/signup", {
      email: uniqueEmail("flood"),
      password: TEST_PASSWORD,
    });
    expect(over.status).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
  });

  it("behind one trusted proxy, a forged X-Forwarded-For hop does not change the client's key", async () => {
    const proxied = await createTestContext({ seed: false, env: { TRUST_PROXY: "1" } });
    try {
      // The proxy appends the address it saw (198.51.100.7); whatever the client wrote before it is forged.
      const signUp = (forged: string) =>
        anon(proxied)
          .post("/auth/v1/signup", { email: uniqueEmail("forged"), password: "" })
          .set("X-Forwarded-For", `${forged}, 198.51.100.7`);
      for (let i = 0; i < 30; i++) expect((await signUp(`6.6.6.${i}`)).status).toBe(422);
      const over = await signUp("6.6.6.200");
      expect(over.status).toBe(429);
      expect(over.body.error_code).toBe("over_request_rate_limit");
      // Another client behind the same proxy has its own key.
      const other = await anon(proxied)
        .post("/auth/v1/signup", { email: uniqueEmail("forged"), password: "" })
        .set("X-Forwarded-For", "6.6.6.6, 198.51.100.8");
      expect(other.status).toBe(422);
    } finally {
      await proxied.close();
    }
  });

  it("throttles failed passwords per account, known or not, and lets the owner back in within 15 minutes", async () => {
    const user = await ctx.createUser();
    const ghost = uniqueEmail("ghost");
    for (let i = 0; i < 25; i++) {
      await anon(ctx).post("/auth/v1/token?grant_type=password", {
        email: user.email,
        password: `wrong-${i}-pass`,
      });
      await anon(ctx).post("/auth/v1/token?grant_type=password", {
        email: ghost,
        password: `wrong-${i}-pass`,
      });
    }
    const locked = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: user.email,
      password: user.password,
    });
    const lockedGhost = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: ghost,
      password: "x",
    });
    expect(locked.status).toBe(429);
    expect(lockedGhost.status).toBe(429);
    expect(locked.body).toEqual(lockedGhost.body);
    ctx.clock.advance(15 * 60);
    const back = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: user.email,
      password: user.password,
    });
    expect(back.status).toBe(200);
  });

  it("200 parallel wrong guesses at one address from 200 IPs run at most 25 password checks", async () => {
    // bcrypt cost 8 keeps each comparison slow enough (~15 ms) that the requests truly overlap; one
    // trusted proxy hop gives each request its own client address.
    const spread = await createTestContext({ seed: false, env: { TRUST_PROXY: "1", BCRYPT_COST: "8" } });
    try {
      const user = await createUserAsAdmin(spread, {
        email: uniqueEmail("target"),
        password: TEST_PASSWORD,
        role: null,
      });
      const answers = await postAllAtOnce(
        spread,
        "/auth/v1/token?grant_type=password",
        Array.from({ length: 200 }, (_, i) => ({
          body: { email: user.email, password: `wrong guess number ${i}` },
          headers: { "X-Forwarded-For": `198.51.${100 + (i % 2)}.${i + 1}` },
        })),
      );
      const refused = answers.filter((a) => a.status === 429);
      const checked = answers.filter((a) => a.status === 400);
      expect(checked.length + refused.length).toBe(200);
      expect(checked).toHaveLength(25);
      for (const a of checked) expect(a.body.error_code).toBe("invalid_credentials");
      for (const a of refused) expect(a.body.error_code).toBe("over_request_rate_limit");
      // Every bcrypt comparison that ran left one login_failed row.
      const compared = await spread.db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("action", "=", "login_failed")
        .where("email", "=", user.email)
        .executeTakeFirstOrThrow();
      expect(Number(compared.n)).toBe(25);
    } finally {
      await spread.close();
    }
  });

  it("a right password gives its attempt back: the owner's sign-ins never spend the budget", async () => {
    const user = await ctx.createUser();
    const attempt = (password: string) =>
      anon(ctx).post("/auth/v1/token?grant_type=password", { email: user.email, password });
    // Signed in once, the address counts against its own budget (known-addresses.test.ts): all of these do.
    expect((await attempt(user.password)).status).toBe(200);
    for (let i = 0; i < 24; i++) expect((await attempt(`wrong-${i}-pass`)).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await attempt(user.password)).status).toBe(200);
    expect((await attempt("the last wrong one")).status).toBe(400);
    expect((await attempt(user.password)).status).toBe(429);
  });

  it("a full bcrypt queue answers 429 at once instead of queueing every request", async () => {
    const tight = await createTestContext({
      seed: false,
      env: { PASSWORD_QUEUE_LIMIT: "1", BCRYPT_COST: "10" },
    });
    try {
      const answers = await postAllAtOnce(
        tight,
        "/auth/v1/token?grant_type=password",
        Array.from({ length: 40 }, (_, i) => ({
          body: { email: uniqueEmail(`queue-${i}`), password: "not the password" },
        })),
      );
      const refused = answers.filter((a) => a.status === 429);
      expect(answers.filter((a) => a.status === 400).length + refused.length).toBe(40);
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused) {
        expect(a.body.error_code).toBe("over_request_rate_limit");
        expect(Number(a.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // Refused before any comparison: the address keeps its whole failure budget.
      const email = uniqueEmail("after-the-storm");
      await tight.createUser({ email });
      expect(
        (await anon(tight).post("/auth/v1/token?grant_type=password", { email, password: TEST_PASSWORD }))
          .status,
      ).toBe(200);
    } finally {
      await tight.close();
    }
  });

  it("wrong 6-digit codes: 10 per 15 minutes per address", async () => {
    const email = uniqueEmail("codes");
    await anon(ctx).post("/auth/v1/otp", { email });
    for (let i = 0; i < 10; i++) {
      const res = await anon(ctx).post("/auth/v1/verify", {
        type: "email",
        email,
        token: String(100000 + i),
      });
      expect([403, 200]).toContain(res.status);
    }
    const over = await anon(ctx).post("/auth/v1/verify", { type: "email", email, token: "999999" });
    expect(over.status).toBe(429);
  });
});
