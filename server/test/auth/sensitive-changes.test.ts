import { randomUUID } from "node:crypto";
import type { AuthSession } from "@app/contracts";
import { authenticator } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext, uniqueEmail } from "../helpers";
import { anon, bearer, latestMail, mailCode, mails, refresh, signIn } from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
});
afterAll(() => ctx.close());

const NEW_PASSWORD = "a fresh and unusual passphrase 58";
const DAY = 24 * 3600;

/** A session signed in just over 24 hours ago, with a current access token (refreshing keeps created_at). */
async function dayOldSession(email: string, password: string): Promise<AuthSession> {
  const session = await signIn(ctx, email, password);
  ctx.clock.advance(DAY + 60);
  const refreshed = await refresh(ctx, session.refresh_token);
  expect(refreshed.status, refreshed.text).toBe(200);
  return refreshed.body as AuthSession;
}

async function requestNonce(token: string, email: string) {
  const res = await bearer(ctx, token).get("/auth/v1/reauthenticate");
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({});
  const mail = await latestMail(ctx, email);
  expect(mail.kind).toBe("reauthentication");
  return mailCode(mail);
}

const changePassword = (token: string, body: { password: string; nonce?: string }) =>
  bearer(ctx, token).put("/auth/v1/user", body);

describe("GET /auth/v1/reauthenticate", () => {
  it("mails the user's own address a 6-digit code, no link, that is never logged", async () => {
    const user = await ctx.createUser();
    const session = await signIn(ctx, user.email, user.password);
    const logsBefore = ctx.logs.length;
    const code = await requestNonce(session.access_token, user.email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = await latestMail(ctx, user.email);
    expect(mail.link).toBe("");
    expect(mail.subject).toMatch(/confirmation code/i);
    expect(mail.text).toMatch(/sensitive change/);
    expect(mail.text).not.toContain("/auth/v1/verify");
    // Timestamps are numbers that may contain any six digits; the code must not be anywhere else.
    const lines = ctx.logs.slice(logsBefore).map((line) => {
      const { time: _t, responseTime: _r, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify(rest);
    });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(code);
  });

  it("cannot be redeemed at POST /verify as a sign-in code", async () => {
    const user = await ctx.createUser();
    const session = await signIn(ctx, user.email, user.password);
    const code = await requestNonce(session.access_token, user.email);
    for (const type of ["email", "magiclink", "recovery", "email_change", "signup"]) {
      const res = await anon(ctx).post("/auth/v1/verify", { type, email: user.email, token: code });
      expect(res.status, type).toBe(403);
    }
  });

  it("needs a signed-in user with a confirmed address", async () => {
    expect((await anon(ctx).get("/auth/v1/reauthenticate")).status).toBe(401);
    const userId = randomUUID();
    const token = await ctx.userToken({ userId, role: null });
    await ctx.db.updateTable("users").set({ email_confirmed_at: null }).where("id", "=", userId).execute();
    const res = await bearer(ctx, token).get("/auth/v1/reauthenticate");
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe("email_not_confirmed");
  });
});

describe("a new password from an old session (AUTH_SECURE_PASSWORD_CHANGE, on by default)", () => {
  it("needs the mailed nonce once the session is over 24 hours old, and each nonce works once", async () => {
    const user = await ctx.createUser();
    const old = await dayOldSession(user.email, user.password);

    const bare = await changePassword(old.access_token, { password: NEW_PASSWORD });
    expect(bare.status).toBe(400);
    expect(bare.body.error_code).toBe("reauthentication_needed");

    const nonce = await requestNonce(old.access_token, user.email);
    const wrong = await changePassword(old.access_token, {
      password: NEW_PASSWORD,
      nonce: nonce === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ error_code: "reauthentication_not_valid" });
    expect(wrong.body.msg).toBe("Nonce has expired or is invalid");

    const ok = await changePassword(old.access_token, { password: NEW_PASSWORD, nonce });
    expect(ok.status, ok.text).toBe(200);
    await signIn(ctx, user.email, NEW_PASSWORD);

    const spent = await changePassword(old.access_token, { password: `${NEW_PASSWORD}!`, nonce });
    expect(spent.status).toBe(422);
    expect(spent.body.error_code).toBe("reauthentication_not_valid");
  });

  it("refuses a nonce after OTP_EXPIRY, and one replaced by a newer request", async () => {
    const user = await ctx.createUser();
    const old = await dayOldSession(user.email, user.password);
    const first = await requestNonce(old.access_token, user.email);
    ctx.clock.advance(ctx.config.OTP_EXPIRY + 1);
    const fresh = await refresh(ctx, old.refresh_token);
    const token = (fresh.body as AuthSession).access_token;
    const late = await changePassword(token, { password: NEW_PASSWORD, nonce: first });
    expect(late.body.error_code).toBe("reauthentication_not_valid");

    const second = await requestNonce(token, user.email);
    const third = await requestNonce(token, user.email);
    if (second !== third) {
      const replaced = await changePassword(token, { password: NEW_PASSWORD, nonce: second });
      expect(replaced.body.error_code).toBe("reauthentication_not_valid");
    }
    expect((await changePassword(token, { password: NEW_PASSWORD, nonce: third })).status).toBe(200);
  });

  it("spends a nonce once under concurrency: of two parallel changes with it, one succeeds", async () => {
    const user = await ctx.createUser();
    const old = await dayOldSession(user.email, user.password);
    const nonce = await requestNonce(old.access_token, user.email);
    const results = await Promise.all(
      ["first parallel passphrase 71", "second parallel passphrase 72"].map((password) =>
        changePassword(old.access_token, { password, nonce }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)?.body.error_code).toBe("reauthentication_not_valid");
  });

  it("a session signed in within 24 hours needs no nonce, but a nonce it sends is checked", async () => {
    const user = await ctx.createUser();
    const session = await signIn(ctx, user.email, user.password);
    const wrong = await changePassword(session.access_token, { password: NEW_PASSWORD, nonce: "123456" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error_code).toBe("reauthentication_not_valid");
    expect((await changePassword(session.access_token, { password: NEW_PASSWORD })).status).toBe(200);
  });

  it("with AUTH_SECURE_PASSWORD_CHANGE=false an old session changes the password without a nonce", async () => {
    const relaxed = await createTestContext({
      env: { RATE_LIMITS: "false", AUTH_SECURE_PASSWORD_CHANGE: "false" },
    });
    try {
      const user = await relaxed.createUser();
      const session = await signIn(relaxed, user.email, user.password);
      relaxed.clock.advance(DAY + 60);
      const refreshed = await refresh(relaxed, session.refresh_token);
      const res = await bearer(relaxed, refreshed.body.access_token).put("/auth/v1/user", {
        password: NEW_PASSWORD,
      });
      expect(res.status, res.text).toBe(200);
    } finally {
      await relaxed.close();
    }
  });
});

describe("with a verified second factor", () => {
  const codeAt = (secret: string) => authenticator.clone({ epoch: ctx.clock.now() }).generate(secret);

  async function userWithFactor() {
    const user = await ctx.createUser();
    const session = await signIn(ctx, user.email, user.password);
    const enroll = await bearer(ctx, session.access_token).post("/auth/v1/factors", { factor_type: "totp" });
    expect(enroll.status, enroll.text).toBe(200);
    const factor = enroll.body as { id: string; totp: { secret: string } };
    const challenge = await bearer(ctx, session.access_token).post(
      `/auth/v1/factors/${factor.id}/challenge`,
      {},
    );
    const verified = await bearer(ctx, session.access_token).post(`/auth/v1/factors/${factor.id}/verify`, {
      challenge_id: challenge.body.id,
      code: codeAt(factor.totp.secret),
    });
    expect(verified.status, verified.text).toBe(200);
    return { user, aal2: verified.body as AuthSession };
  }

  it("an aal1 session may not change the password or the address (insufficient_aal), only metadata", async () => {
    const { user } = await userWithFactor();
    const aal1 = await signIn(ctx, user.email, user.password);
    for (const body of [{ password: NEW_PASSWORD }, { email: uniqueEmail("elsewhere") }]) {
      const res = await bearer(ctx, aal1.access_token).put("/auth/v1/user", body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.body.error_code).toBe("insufficient_aal");
    }
    const sameAddress = await bearer(ctx, aal1.access_token).put("/auth/v1/user", {
      email: user.email,
      data: { band: "Still allowed" },
    });
    expect(sameAddress.status, sameAddress.text).toBe(200);
    expect(await mails(ctx, user.email)).toHaveLength(0);
    await signIn(ctx, user.email, user.password);
  });

  it("an aal2 session may", async () => {
    const { user, aal2 } = await userWithFactor();
    const res = await bearer(ctx, aal2.access_token).put("/auth/v1/user", { password: NEW_PASSWORD });
    expect(res.status, res.text).toBe(200);
    await signIn(ctx, user.email, NEW_PASSWORD);
  });
});
