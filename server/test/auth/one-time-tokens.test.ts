import { createServer } from "node:http";
import type { Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { createLogger } from "../../src/http/logger";
import { createTestContext, TEST_PASSWORD, type TestContext, testConfig, uniqueEmail } from "../helpers";
import {
  anon,
  bearer,
  fragmentOf,
  latestMail,
  linkPath,
  linkToken,
  mailCode,
  mails,
  signIn,
} from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMITS: "false", ADDITIONAL_REDIRECT_URLS: "https://preview.example.org/**" },
  });
});
afterAll(() => ctx.close());

async function magicLink(email: string, redirect?: string) {
  const path = redirect ? `/auth/v1/otp?redirect_to=${encodeURIComponent(redirect)}` : "/auth/v1/otp";
  const res = await anon(ctx).post(path, { email, data: { full_name: "Magic" } });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toEqual({});
  return latestMail(ctx, email);
}

describe("magic links", () => {
  it("creates the user, mails a link that signs in once, and logs the mail without its link", async () => {
    const email = uniqueEmail("magic");
    const mail = await magicLink(email);
    expect(mail.kind).toBe("magic_link");
    const queued = ctx.logs.map((l) => JSON.parse(l)).find((l) => l.mail?.id === mail.id);
    expect(queued).toMatchObject({ msg: "mail queued in outbox", mail: { kind: "magic_link" } });
    expect(Object.keys(queued.mail).sort()).toEqual(["id", "kind", "to_hash"]);
    expect(ctx.logs.some((l) => l.includes(linkToken(mail.link)) || l.includes(email))).toBe(false);
    const first = await request(ctx.app).get(linkPath(mail.link));
    expect(first.status).toBe(303);
    const fragment = fragmentOf(first.headers.location ?? "");
    expect(first.headers.location).toMatch(/^http:\/\/localhost:3000\/app#access_token=/);
    expect(fragment).toMatchObject({ token_type: "bearer", type: "magiclink", expires_in: "3600" });
    expect(Number(fragment.expires_at)).toBeGreaterThan(Date.now() / 1000);
    const user = await bearer(ctx, fragment.access_token ?? "").get("/auth/v1/user");
    expect(user.body).toMatchObject({ email, user_metadata: { full_name: "Magic" } });
    expect(user.body.email_confirmed_at).toEqual(expect.any(String));

    const second = await request(ctx.app).get(linkPath(mail.link));
    expect(second.status).toBe(303);
    expect(fragmentOf(second.headers.location ?? "")).toMatchObject({
      error: "access_denied",
      error_code: "otp_expired",
    });
    expect(second.headers.location).not.toContain("access_token");
  });

  it("expires after OTP_EXPIRY", async () => {
    const mail = await magicLink(uniqueEmail("late"));
    ctx.clock.advance(ctx.config.OTP_EXPIRY + 1);
    const res = await request(ctx.app).get(linkPath(mail.link));
    expect(fragmentOf(res.headers.location ?? "").error_code).toBe("otp_expired");
  });

  it("verifies by 6-digit code (POST /verify {type, email, token}) once", async () => {
    const email = uniqueEmail("code");
    const mail = await magicLink(email);
    const wrongType = await anon(ctx).post("/auth/v1/verify", {
      type: "recovery",
      email,
      token: mailCode(mail),
    });
    expect(wrongType.status).toBe(403);
    expect(wrongType.body.error_code).toBe("otp_expired");
    const ok = await anon(ctx).post("/auth/v1/verify", { type: "email", email, token: mailCode(mail) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ token_type: "bearer", user: { email } });
    const again = await anon(ctx).post("/auth/v1/verify", { type: "email", email, token: mailCode(mail) });
    expect(again.status).toBe(403);
  });

  it("verifies by token_hash (POST /verify {type, token_hash})", async () => {
    const mail = await magicLink(uniqueEmail("hash"));
    const res = await anon(ctx).post("/auth/v1/verify", {
      type: "magiclink",
      token_hash: linkToken(mail.link),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.refresh_token).toEqual(expect.any(String));
  });

  it("replaces an earlier link when a new one is sent", async () => {
    const email = uniqueEmail("twice");
    const older = await magicLink(email);
    await magicLink(email);
    const res = await anon(ctx).post("/auth/v1/verify", {
      type: "magiclink",
      token_hash: linkToken(older.link),
    });
    expect(res.status).toBe(403);
  });

  it("honours redirect_to only on SITE_URL or ADDITIONAL_REDIRECT_URLS", async () => {
    const allowed = await magicLink(uniqueEmail("r1"), "https://preview.example.org/branch/app");
    const ok = await request(ctx.app).get(linkPath(allowed.link));
    expect(ok.headers.location).toMatch(/^https:\/\/preview\.example\.org\/branch\/app#access_token=/);
    const evil = await magicLink(uniqueEmail("r2"), "https://evil.example.com/steal");
    const res = await request(ctx.app).get(linkPath(evil.link));
    expect(res.headers.location).toMatch(/^http:\/\/localhost:3000#access_token=/);
    const tampered = new URL(allowed.link);
    const mail = await magicLink(uniqueEmail("r3"));
    const swapped = new URL(mail.link);
    swapped.searchParams.set("redirect_to", "javascript:alert(1)");
    const swappedRes = await request(ctx.app).get(`${swapped.pathname}${swapped.search}`);
    expect(swappedRes.headers.location).toMatch(/^http:\/\/localhost:3000\/app#access_token=/);
    expect(tampered.hostname).toBe("localhost");
  });

  it("with create_user false answers {} and mails nothing to an unknown address", async () => {
    const email = uniqueEmail("ghost");
    const res = await anon(ctx).post("/auth/v1/otp", { email, create_user: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await mails(ctx, email)).toHaveLength(0);
  });

  it("refuses a missing token on GET /verify with 400 and a bad POST body with validation_failed", async () => {
    expect((await request(ctx.app).get("/auth/v1/verify?type=magiclink")).status).toBe(400);
    const res = await anon(ctx).post("/auth/v1/verify", { type: "magiclink" });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe("validation_failed");
  });
});

describe("recovery", () => {
  it("answers {} for any address, mails only real users, and the link signs in with type=recovery", async () => {
    const user = await ctx.createUser();
    const unknown = await anon(ctx).post("/auth/v1/recover", { email: uniqueEmail("nobody") });
    const known = await anon(ctx).post("/auth/v1/recover", { email: user.email });
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    const mail = await latestMail(ctx, user.email);
    expect(mail.kind).toBe("recovery");
    const res = await request(ctx.app).get(linkPath(mail.link));
    const fragment = fragmentOf(res.headers.location ?? "");
    expect(fragment.type).toBe("recovery");
    const changed = await bearer(ctx, fragment.access_token ?? "").put("/auth/v1/user", {
      password: "a brand new passphrase 7",
    });
    expect(changed.status, changed.text).toBe(200);
    await signIn(ctx, user.email, "a brand new passphrase 7");
  });
});

describe("resend", () => {
  it("mails the sign-up confirmation again to an unconfirmed user only", async () => {
    const email = uniqueEmail("resend");
    await anon(ctx).post("/auth/v1/signup", { email, password: TEST_PASSWORD });
    const first = await latestMail(ctx, email);
    const res = await anon(ctx).post("/auth/v1/resend", { type: "signup", email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const second = await latestMail(ctx, email);
    expect(second.id).not.toBe(first.id);
    const old = await anon(ctx).post("/auth/v1/verify", {
      type: "signup",
      token_hash: linkToken(first.link),
    });
    expect(old.status).toBe(403);
    const confirmed = await anon(ctx).post("/auth/v1/verify", {
      type: "signup",
      token_hash: linkToken(second.link),
    });
    expect(confirmed.status).toBe(200);
    await anon(ctx).post("/auth/v1/resend", { type: "signup", email });
    expect((await latestMail(ctx, email)).id).toBe(second.id);
  });
});

describe("GET and PUT /auth/v1/user", () => {
  it("returns the GoTrue user JSON", async () => {
    const user = await ctx.createUser({ role: "staff" });
    const session = await signIn(ctx, user.email, user.password);
    const res = await bearer(ctx, session.access_token).get("/auth/v1/user");
    expect(res.status).toBe(200);
    for (const key of [
      "id",
      "aud",
      "role",
      "email",
      "email_confirmed_at",
      "phone",
      "confirmed_at",
      "last_sign_in_at",
      "app_metadata",
      "user_metadata",
      "identities",
      "factors",
      "created_at",
      "updated_at",
      "is_anonymous",
    ]) {
      expect(res.body).toHaveProperty(key);
    }
    expect(res.body.identities[0]).toMatchObject({ provider: "email", user_id: user.id });
    expect(res.body).not.toHaveProperty("encrypted_password");
  });

  it("merges metadata, a null value removing a key", async () => {
    const user = await ctx.createUser();
    const session = await signIn(ctx, user.email, user.password);
    await bearer(ctx, session.access_token).put("/auth/v1/user", {
      data: { full_name: "A", city: "Stockholm" },
    });
    const res = await bearer(ctx, session.access_token).put("/auth/v1/user", {
      data: { city: null, band: "B" },
    });
    expect(res.body.user_metadata).toEqual({ full_name: "A", band: "B" });
  });

  it("a password change ends the user's other sessions, not this one", async () => {
    const user = await ctx.createUser();
    const mine = await signIn(ctx, user.email, user.password);
    const other = await signIn(ctx, user.email, user.password);
    const weak = await bearer(ctx, mine.access_token).put("/auth/v1/user", { password: "short" });
    expect(weak.status).toBe(422);
    expect(weak.body.error_code).toBe("weak_password");
    const res = await bearer(ctx, mine.access_token).put("/auth/v1/user", {
      password: "another good passphrase 9",
    });
    expect(res.status).toBe(200);
    expect((await bearer(ctx, mine.access_token).get("/auth/v1/user")).status).toBe(200);
    expect((await bearer(ctx, other.access_token).get("/auth/v1/user")).status).toBe(403);
    const old = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: user.email,
      password: user.password,
    });
    expect(old.body.error_code).toBe("invalid_credentials");
  });

  it("an e-mail change waits for the links mailed to the new and the current address", async () => {
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    const session = await signIn(ctx, user.email, user.password);
    const taken = await bearer(ctx, session.access_token).put("/auth/v1/user", { email: other.email });
    expect(taken.status).toBe(422);
    expect(taken.body.error_code).toBe("email_exists");
    const next = uniqueEmail("moved");
    const res = await bearer(ctx, session.access_token).put("/auth/v1/user", { email: next });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, new_email: next });
    const mail = await latestMail(ctx, next);
    expect(mail.kind).toBe("email_change");
    const half = await request(ctx.app).get(linkPath(mail.link));
    expect(fragmentOf(half.headers.location ?? "").access_token).toBeUndefined();
    const verify = await request(ctx.app).get(linkPath((await latestMail(ctx, user.email)).link));
    expect(fragmentOf(verify.headers.location ?? "").type).toBe("email_change");
    await signIn(ctx, next, user.password);
  });
});

describe("GET /api/dev/mail", () => {
  /** What any unknown /api path answers: a closed outbox looks exactly like no route at all. */
  const noRoute = { code: "not_found", message: "No route for GET /dev/mail" };

  /** The app behind a server that sees every caller at `address`, as the socket of a remote client would. */
  const fromPeer = (app: Express, address: string) =>
    request(
      createServer((req, res) => {
        Object.defineProperty(req.socket, "remoteAddress", { value: address, configurable: true });
        app(req, res);
      }),
    );

  async function expectClosed(app: Express) {
    for (const path of ["/api/dev/mail", "/api/dev/mail?limit=abc", "/api/dev/mail?to=a@b.c"]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(noRoute);
    }
    expect((await request(app).get("/api/dev/nope")).body.code).toBe(noRoute.code);
    for (const path of ["/api/dev/mail/", "/API/Dev/Mail"])
      expect((await request(app).get(path)).status).toBe(404);
  }

  it("lists the outbox newest first, with DEV_MAIL_UI on, to a caller on this machine", async () => {
    const email = uniqueEmail("order");
    await anon(ctx).post("/auth/v1/otp", { email });
    await anon(ctx).post("/auth/v1/recover", { email });
    const list = await mails(ctx, email);
    expect(list.map((m) => m.kind)).toEqual(["recovery", "magic_link"]);
    for (const peer of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect((await fromPeer(ctx.app, peer).get("/api/dev/mail")).status, peer).toBe(200);
    }
  });

  it("is off by default", async () => {
    const off = await createTestContext({ seed: false, env: { DEV_MAIL_UI: "" } });
    try {
      expect(off.config.DEV_MAIL_UI).toBe(false);
      await expectClosed(off.app);
    } finally {
      await off.close();
    }
  });

  it("answers a caller that is not on this machine 404", async () => {
    for (const peer of ["203.0.113.7", "10.0.0.2", "::ffff:192.168.1.5", "2001:db8::1", "::ffff:128.0.0.1"]) {
      const res = await fromPeer(ctx.app, peer).get("/api/dev/mail");
      expect(res.status, peer).toBe(404);
      expect(res.body).toEqual(noRoute);
    }
  });

  it("is off behind a trusted proxy, where every caller arrives from the proxy's address", async () => {
    const proxied = await createTestContext({ seed: false, env: { TRUST_PROXY: "1" } });
    try {
      expect(proxied.config.DEV_MAIL_UI).toBe(true);
      await expectClosed(proxied.app);
    } finally {
      await proxied.close();
    }
  });

  it("never in production: start-up refuses DEV_MAIL_UI=true, and the route stays closed regardless", async () => {
    expect(() => testConfig(ctx.dir, { NODE_ENV: "production" })).toThrow(/DEV_MAIL_UI/);
    const prod = await createTestContext({
      seed: false,
      env: { NODE_ENV: "production", DEV_MAIL_UI: "false" },
    });
    try {
      await expectClosed(prod.app);
      const forced = await createApp({
        config: { ...prod.config, DEV_MAIL_UI: true },
        db: prod.db,
        logger: createLogger("silent"),
      });
      await expectClosed(forced);
    } finally {
      await prod.close();
    }
  });
});
