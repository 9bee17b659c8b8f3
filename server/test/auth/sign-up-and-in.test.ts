import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_PASSWORD, type TestContext, uniqueEmail } from "../helpers";
import { API_VERSION, anon, decodeJwt, fragmentOf, latestMail, linkPath, mails, signIn } from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false", STAFF_EMAIL_DOMAINS: "staff.example" } });
});
afterAll(() => ctx.close());

describe("POST /auth/v1/signup", () => {
  it("creates an unconfirmed user, mails a confirmation link and answers the user without a session", async () => {
    const email = uniqueEmail("signup");
    const res = await anon(ctx).post("/auth/v1/signup", {
      email,
      password: TEST_PASSWORD,
      data: { full_name: "Ada Lovelace" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).not.toHaveProperty("access_token");
    expect(res.body).toMatchObject({
      email,
      aud: "authenticated",
      role: "authenticated",
      email_confirmed_at: null,
      phone: "",
      user_metadata: { full_name: "Ada Lovelace" },
      app_metadata: { provider: "email", providers: ["email"] },
      is_anonymous: false,
    });
    expect(res.body.identities).toHaveLength(1);
    const mail = await latestMail(ctx, email);
    expect(mail.kind).toBe("confirmation");
    expect(mail.link).toContain("/auth/v1/verify?token=");
    expect(mail.link).toContain("type=signup");
    expect(mail.html).toContain("<a href=");
    expect(mail.text).toMatch(/code: \d{6}/);

    const unconfirmed = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email,
      password: TEST_PASSWORD,
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toMatchObject({ code: 400, error_code: "email_not_confirmed" });

    const verify = await request(ctx.app).get(linkPath(mail.link));
    expect(verify.status).toBe(303);
    expect(verify.headers.location).toMatch(/^http:\/\/localhost:3000\/app#/);
    const fragment = fragmentOf(verify.headers.location ?? "");
    expect(fragment).toMatchObject({ token_type: "bearer", type: "signup" });
    expect(decodeJwt(fragment.access_token ?? "")).toMatchObject({
      email,
      aud: "authenticated",
      aal: "aal1",
    });

    const session = await signIn(ctx, email, TEST_PASSWORD);
    expect(session.user.email_confirmed_at).toEqual(expect.any(String));
    expect(session.token_type).toBe("bearer");
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(22);
  });

  it("answers a second sign-up with the same address exactly like a new one, without a session", async () => {
    const { email } = await ctx.createUser({ email: uniqueEmail("taken") });
    const fresh = await anon(ctx).post("/auth/v1/signup", {
      email: uniqueEmail("fresh"),
      password: TEST_PASSWORD,
    });
    const repeat = await anon(ctx).post("/auth/v1/signup", { email, password: TEST_PASSWORD });
    expect(repeat.status).toBe(200);
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(body).map(([k, v]) => [k, v === null ? null : Array.isArray(v) ? v.length : typeof v]),
      );
    expect(shape(repeat.body)).toEqual(shape(fresh.body));
    expect(repeat.body.id).not.toBe(undefined);
    expect(repeat.body.email_confirmed_at).toBeNull();
    expect(await mails(ctx, email)).toHaveLength(0);
  });

  it("grants staff only once an address on STAFF_EMAIL_DOMAINS is confirmed", async () => {
    const email = uniqueEmail("crew").replace("example.com", "staff.example");
    const res = await anon(ctx).post("/auth/v1/signup", { email, password: TEST_PASSWORD });
    expect(res.body.app_metadata.role).toBeUndefined();
    const verify = await request(ctx.app).get(linkPath((await latestMail(ctx, email)).link));
    const token = fragmentOf(verify.headers.location ?? "").access_token ?? "";
    expect(decodeJwt(token)).toMatchObject({ app_metadata: { role: "staff" } });
    const talent = await request(ctx.app)
      .get("/rest/v1/crm_contacts")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${token}`);
    expect(talent.status).toBe(200);
  });

  it("gives no role to other domains: the data calls answer 403", async () => {
    const user = await ctx.createUser();
    const session = await signIn(ctx, user.email, user.password);
    expect(session.user.app_metadata.role).toBeUndefined();
    const talent = await request(ctx.app)
      .get("/rest/v1/crm_contacts")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${session.access_token}`);
    expect(talent.status).toBe(403);
  });

  it.each([
    ["under 8 characters", "Sh0rt!", ["length"]],
    ["over 72 UTF-8 bytes", "ö".repeat(37), ["length"]],
    ["on the common-password list", "password1", ["pwned"]],
    ["short and common", "qwerty", ["length", "pwned"]],
  ])("refuses a password %s with 422 weak_password and reasons", async (_label, password, reasons) => {
    const res = await anon(ctx).post("/auth/v1/signup", { email: uniqueEmail("weak"), password });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 422, error_code: "weak_password", weak_password: { reasons } });
    const v2 = await anon(ctx)
      .post("/auth/v1/signup", { email: uniqueEmail("weak"), password })
      .set(API_VERSION);
    expect(v2.body).toMatchObject({
      code: "weak_password",
      message: expect.any(String),
      weak_password: { reasons },
    });
    expect(v2.headers["x-supabase-api-version"]).toBe("2024-01-01");
  });

  it("accepts exactly 72 bytes", async () => {
    const res = await anon(ctx).post("/auth/v1/signup", {
      email: uniqueEmail("long"),
      password: "ö".repeat(36),
    });
    expect(res.status, res.text).toBe(200);
  });

  it("refuses an invalid address and unknown fields with 400 validation_failed", async () => {
    const bad = await anon(ctx).post("/auth/v1/signup", { email: "not-an-address", password: TEST_PASSWORD });
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe("validation_failed");
    const extra = await anon(ctx).post("/auth/v1/signup", {
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      admin: true,
    });
    expect(extra.status).toBe(400);
  });

  it("needs the API key", async () => {
    const res = await request(ctx.app)
      .post("/auth/v1/signup")
      .send({ email: uniqueEmail(), password: TEST_PASSWORD });
    expect(res.status).toBe(401);
  });
});

describe("POST /auth/v1/token?grant_type=password", () => {
  it("answers a GoTrue session whose access token carries the documented claims", async () => {
    const user = await ctx.createUser({ role: "admin" });
    const session = await signIn(ctx, user.email, user.password);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      aud: "authenticated",
      role: "authenticated",
      email: user.email,
      app_metadata: { provider: "email", role: "admin" },
      user_metadata: {},
      aal: "aal1",
      amr: [{ method: "password", timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      iss: expect.any(String),
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(session.expires_at).toBe(claims.exp);
    expect(session.user.last_sign_in_at).toEqual(expect.any(String));
  });

  it("gives an unknown address and a wrong password the identical answer", async () => {
    const user = await ctx.createUser();
    const unknown = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: uniqueEmail("nobody"),
      password: user.password,
    });
    const wrong = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: user.email,
      password: `${user.password}!`,
    });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.text).toBe(wrong.text);
    expect(unknown.body).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
    const v2 = await anon(ctx)
      .post("/auth/v1/token?grant_type=password", { email: user.email, password: "nope-nope-nope" })
      .set(API_VERSION);
    expect(v2.body).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
  });

  it("matches addresses case-insensitively", async () => {
    const user = await ctx.createUser();
    await signIn(ctx, user.email.toUpperCase(), user.password);
  });

  it("refuses a magic-link-only user's empty password like any wrong one", async () => {
    const email = uniqueEmail("nopass");
    await anon(ctx).post("/auth/v1/otp", { email });
    const res = await anon(ctx).post("/auth/v1/token?grant_type=password", { email, password: "" });
    expect(res.body.error_code).toBe("invalid_credentials");
  });

  it("answers 400 for an unknown grant type and for missing fields", async () => {
    const grant = await anon(ctx).post("/auth/v1/token?grant_type=client_credentials", {});
    expect(grant.status).toBe(400);
    expect(grant.body.error_code).toBe("validation_failed");
    const missing = await anon(ctx).post("/auth/v1/token?grant_type=password", { email: uniqueEmail() });
    expect(missing.status).toBe(400);
    expect(missing.body.error_code).toBe("validation_failed");
    const noRefresh = await anon(ctx).post("/auth/v1/token?grant_type=refresh_token", {});
    expect(noRefresh.status).toBe(400);
  });

  it("writes sign-in successes and failures to the audit log, without passwords", async () => {
    const user = await ctx.createUser();
    await signIn(ctx, user.email, user.password);
    await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: user.email,
      password: "wrong-password-1",
    });
    const rows = await ctx.db
      .selectFrom("audit_log")
      .select(["action", "ip", "user_agent", "detail"])
      .where("email", "=", user.email)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.action)).toEqual(["login", "login_failed"]);
    expect(JSON.stringify(rows)).not.toContain(user.password);
    expect(ctx.logs.join("\n")).not.toContain(user.password);
  });
});

describe("autoconfirm", () => {
  it("answers sign-up with a session and refuses an existing address with user_already_exists", async () => {
    const auto = await createTestContext({ env: { AUTH_AUTOCONFIRM: "true", RATE_LIMITS: "false" } });
    try {
      const email = uniqueEmail("auto");
      const res = await anon(auto).post("/auth/v1/signup", { email, password: TEST_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ token_type: "bearer", user: { email } });
      expect(res.body.user.email_confirmed_at).toEqual(expect.any(String));
      const again = await anon(auto).post("/auth/v1/signup", { email, password: TEST_PASSWORD });
      expect(again.status).toBe(422);
      expect(again.body.error_code).toBe("user_already_exists");
    } finally {
      await auto.close();
    }
  });
});

describe("GET /auth/v1/settings and /auth/v1/health", () => {
  it("describe the service", async () => {
    const settings = await anon(ctx).get("/auth/v1/settings");
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      external: { email: true },
      mailer_autoconfirm: false,
      back_office_aal: "aal1",
    });
    const health = await request(ctx.app).get("/auth/v1/health");
    expect(health.status).toBe(200);
    expect(health.body.name).toBe("GoTrue");
    expect(health.headers["cache-control"]).toBe("no-store");
  });
});
