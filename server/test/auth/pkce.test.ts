import { createHash, randomBytes } from "node:crypto";
import type { DevMail } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_PASSWORD, type TestContext, uniqueEmail } from "../helpers";
import {
  anon,
  bearer,
  decodeJwt,
  fragmentOf,
  latestMail,
  linkPath,
  linkToken,
  mails,
  postAllAtOnce,
} from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMITS: "false", ADDITIONAL_REDIRECT_URLS: "https://preview.example.org/**" },
  });
});
afterAll(() => ctx.close());

const newVerifier = () => randomBytes(48).toString("base64url");
const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

function pkceFields(verifier: string, method: "s256" | "plain" | "S256" = "s256") {
  return { code_challenge: method === "plain" ? verifier : s256(verifier), code_challenge_method: method };
}

const withRedirect = (path: string, redirect?: string) =>
  redirect ? `${path}?redirect_to=${encodeURIComponent(redirect)}` : path;

async function requestMagicLink(email: string, fields: object, redirect?: string): Promise<DevMail> {
  const res = await anon(ctx).post(withRedirect("/auth/v1/otp", redirect), { email, ...fields });
  expect(res.status, res.text).toBe(200);
  return latestMail(ctx, email);
}

/** Follows a mailed link; answers the 303's Location. */
async function follow(mail: DevMail): Promise<string> {
  const res = await request(ctx.app).get(linkPath(mail.link));
  expect(res.status).toBe(303);
  return res.headers.location ?? "";
}

const codeIn = (location: string) => new URL(location).searchParams.get("code") ?? "";

const exchange = (authCode: string, codeVerifier: string) =>
  anon(ctx).post("/auth/v1/token?grant_type=pkce", { auth_code: authCode, code_verifier: codeVerifier });

async function sessionCount(email: string) {
  const rows = await ctx.db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select("sessions.id")
    .where("users.email", "=", email)
    .execute();
  return rows.length;
}

describe("PKCE magic links", () => {
  it("answers ?code= on the redirect, keeping its own query and fragment, and no session in the URL", async () => {
    const email = uniqueEmail("pkce-redirect");
    const verifier = newVerifier();
    const redirect = "https://preview.example.org/callback?next=%2Fapp%2Fcrm&b=x+y&a=1#keep=me";
    const location = await follow(await requestMagicLink(email, pkceFields(verifier), redirect));
    const code = codeIn(location);
    expect(code).not.toBe("");
    expect(location).toBe(
      `https://preview.example.org/callback?next=%2Fapp%2Fcrm&b=x+y&a=1&code=${code}#keep=me`,
    );
    expect(location).not.toContain("access_token");
    expect(await sessionCount(email)).toBe(0);
    expect(ctx.logs.some((line) => line.includes(code))).toBe(false);
  });

  it("replaces a code parameter the redirect already had, and adds a query where there was none", async () => {
    const email = uniqueEmail("pkce-code-param");
    const verifier = newVerifier();
    const withCode = await follow(
      await requestMagicLink(email, pkceFields(verifier), "http://localhost:3000/app?code=stale&x=1"),
    );
    expect(withCode).toMatch(/^http:\/\/localhost:3000\/app\?x=1&code=[\w-]+$/);
    const other = uniqueEmail("pkce-no-query");
    const bare = await follow(await requestMagicLink(other, pkceFields(verifier)));
    expect(bare).toMatch(/^http:\/\/localhost:3000\/app\?code=[\w-]+$/);
  });

  it("refuses a wrong verifier without using the code, then signs in once with the right one", async () => {
    const email = uniqueEmail("pkce-verifier");
    const verifier = newVerifier();
    const code = codeIn(await follow(await requestMagicLink(email, pkceFields(verifier))));

    const wrong = await exchange(code, newVerifier());
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 400, error_code: "bad_code_verifier" });
    expect(await sessionCount(email)).toBe(0);

    const right = await exchange(code, verifier);
    expect(right.status, right.text).toBe(200);
    expect(right.body).toMatchObject({ token_type: "bearer", user: { email } });
    expect(right.body.refresh_token).toEqual(expect.any(String));
    expect(decodeJwt(right.body.access_token).amr).toEqual([
      { method: "magiclink", timestamp: expect.any(Number) },
    ]);
    const user = await bearer(ctx, right.body.access_token).get("/auth/v1/user");
    expect(user.body.email_confirmed_at).toEqual(expect.any(String));
    expect(await sessionCount(email)).toBe(1);

    const again = await exchange(code, verifier);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error_code: "flow_state_not_found" });
    expect(await sessionCount(email)).toBe(1);
  });

  it("of ten simultaneous exchanges of one code, exactly one signs in", async () => {
    const email = uniqueEmail("pkce-race");
    const verifier = newVerifier();
    const code = codeIn(await follow(await requestMagicLink(email, pkceFields(verifier))));
    const answers = await postAllAtOnce(
      ctx,
      "/auth/v1/token?grant_type=pkce",
      Array.from({ length: 10 }, () => ({ body: { auth_code: code, code_verifier: verifier } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(404);
      expect(refused.body.error_code).toBe("flow_state_not_found");
    }
    expect(await sessionCount(email)).toBe(1);
  });

  it("answers GoTrue's error shape (auth-js's API version) for unknown codes and missing fields", async () => {
    const unknown = await anon(ctx)
      .post("/auth/v1/token?grant_type=pkce", { auth_code: "nope", code_verifier: newVerifier() })
      .set("X-Supabase-Api-Version", "2024-01-01");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: "flow_state_not_found",
      message: "invalid flow state, no valid flow state found",
    });
    const missing = await exchange("", "");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error_code: "validation_failed" });
    const noVerifier = await anon(ctx).post("/auth/v1/token?grant_type=pkce", { auth_code: "x" });
    expect(noVerifier.status).toBe(400);
  });

  it("expires a code five minutes after the link was followed, leaving it refused", async () => {
    const email = uniqueEmail("pkce-expiry");
    const verifier = newVerifier();
    const mail = await requestMagicLink(email, pkceFields(verifier));
    // The link's own lifetime runs first: following it late still gives a fresh five minutes.
    ctx.clock.advance(600);
    const code = codeIn(await follow(mail));
    ctx.clock.advance(299);
    const early = uniqueEmail("pkce-expiry-ok");
    const earlyVerifier = newVerifier();
    const earlyCode = codeIn(await follow(await requestMagicLink(early, pkceFields(earlyVerifier))));
    ctx.clock.advance(2);
    const expired = await exchange(code, verifier);
    expect(expired.status).toBe(422);
    expect(expired.body).toMatchObject({ error_code: "flow_state_expired" });
    expect(await sessionCount(email)).toBe(0);
    expect((await exchange(earlyCode, earlyVerifier)).status).toBe(200);
  });

  it("accepts plain and upper-case S256 challenges", async () => {
    for (const method of ["plain", "S256"] as const) {
      const email = uniqueEmail(`pkce-${method.toLowerCase()}`);
      const verifier = newVerifier();
      const code = codeIn(await follow(await requestMagicLink(email, pkceFields(verifier, method))));
      if (method === "plain") {
        // A plain challenge is the verifier itself: its s256 form is not it.
        expect((await exchange(code, s256(verifier))).body.error_code).toBe("bad_code_verifier");
      }
      const res = await exchange(code, verifier);
      expect(res.status, res.text).toBe(200);
      expect(res.body.user.email).toBe(email);
    }
  });

  it("refuses malformed challenges with 400 before anything is mailed", async () => {
    const email = uniqueEmail("pkce-invalid");
    const verifier = newVerifier();
    const cases: [object, string][] = [
      [{ code_challenge: s256(verifier) }, "PKCE flow requires code_challenge_method and code_challenge"],
      [{ code_challenge_method: "s256" }, "PKCE flow requires code_challenge_method and code_challenge"],
      [{ code_challenge: "short", code_challenge_method: "s256" }, "code challenge has to be between"],
      [{ code_challenge: `${"a".repeat(42)}!`, code_challenge_method: "s256" }, "can only contain"],
      [{ code_challenge: s256(verifier), code_challenge_method: "md5" }, "method not supported"],
    ];
    for (const [fields, message] of cases) {
      for (const path of ["/auth/v1/otp", "/auth/v1/recover", "/auth/v1/signup", "/auth/v1/resend"]) {
        const body = { email, ...fields, ...(path.endsWith("signup") ? { password: TEST_PASSWORD } : {}) };
        const res = await anon(ctx).post(path, path.endsWith("resend") ? { ...body, type: "signup" } : body);
        expect(res.status, `${path} ${res.text}`).toBe(400);
        expect(res.body).toMatchObject({ error_code: "validation_failed" });
        expect(res.body.msg).toContain(message);
      }
    }
    expect(await mails(ctx, email)).toEqual([]);
    expect(await ctx.db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
  });

  it("treats null PKCE fields (auth-js's implicit flow) as no PKCE: tokens in the fragment", async () => {
    const email = uniqueEmail("pkce-null");
    const location = await follow(
      await requestMagicLink(email, { code_challenge: null, code_challenge_method: null }),
    );
    expect(fragmentOf(location).access_token).toEqual(expect.any(String));
    expect(new URL(location).searchParams.has("code")).toBe(false);
  });

  it("POST /verify with a PKCE link's token answers a session (as GoTrue), and the link is then used", async () => {
    const email = uniqueEmail("pkce-post");
    const mail = await requestMagicLink(email, pkceFields(newVerifier()));
    const verified = await anon(ctx).post("/auth/v1/verify", {
      type: "magiclink",
      token_hash: linkToken(mail.link),
    });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.user.email).toBe(email);
    const location = await follow(mail);
    expect(fragmentOf(location)).toMatchObject({ error_code: "otp_expired" });
    expect(new URL(location).searchParams.has("code")).toBe(false);
  });

  it("a newer link request replaces the older link and its flow", async () => {
    const email = uniqueEmail("pkce-replaced");
    const first = await requestMagicLink(email, pkceFields(newVerifier()));
    ctx.clock.advance(61);
    const verifier = newVerifier();
    const second = await requestMagicLink(email, pkceFields(verifier));
    expect(second.id).not.toBe(first.id);
    expect(fragmentOf(await follow(first))).toMatchObject({ error_code: "otp_expired" });
    expect((await exchange(codeIn(await follow(second)), verifier)).status).toBe(200);
    const left = await ctx.db
      .selectFrom("flow_state")
      .innerJoin("users", "users.id", "flow_state.user_id")
      .select("flow_state.id")
      .where("users.email", "=", email)
      .execute();
    expect(left).toEqual([]);
  });
});

describe("PKCE sign-up, recovery and resend", () => {
  it("sign-up: the confirmation link answers a code that signs the new user in (amr email/signup)", async () => {
    const email = uniqueEmail("pkce-signup");
    const verifier = newVerifier();
    const res = await anon(ctx).post("/auth/v1/signup", {
      email,
      password: TEST_PASSWORD,
      ...pkceFields(verifier),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.access_token).toBeUndefined();
    const mail = await latestMail(ctx, email);
    expect(mail.kind).toBe("confirmation");
    const session = await exchange(codeIn(await follow(mail)), verifier);
    expect(session.status, session.text).toBe(200);
    expect(session.body.user.email_confirmed_at).toEqual(expect.any(String));
    expect(decodeJwt(session.body.access_token).amr).toEqual([
      { method: "email/signup", timestamp: expect.any(Number) },
    ]);
    // The password of this sign-up is the one kept.
    const password = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email,
      password: TEST_PASSWORD,
    });
    expect(password.status).toBe(200);
  });

  it("resend of a sign-up confirmation carries a new challenge", async () => {
    const email = uniqueEmail("pkce-resend");
    expect((await anon(ctx).post("/auth/v1/signup", { email, password: TEST_PASSWORD })).status).toBe(200);
    ctx.clock.advance(61);
    const verifier = newVerifier();
    const resent = await anon(ctx).post("/auth/v1/resend", {
      type: "signup",
      email,
      ...pkceFields(verifier),
    });
    expect(resent.status, resent.text).toBe(200);
    const session = await exchange(codeIn(await follow(await latestMail(ctx, email))), verifier);
    expect(session.status, session.text).toBe(200);
    expect(session.body.user.email).toBe(email);
  });

  it("recovery: the link answers a code for a session with amr recovery", async () => {
    const user = await ctx.createUser();
    const verifier = newVerifier();
    const res = await anon(ctx).post(withRedirect("/auth/v1/recover", "http://localhost:3000/reset?step=2"), {
      email: user.email,
      ...pkceFields(verifier),
    });
    expect(res.status).toBe(200);
    const location = await follow(await latestMail(ctx, user.email));
    expect(location).toMatch(/^http:\/\/localhost:3000\/reset\?step=2&code=[\w-]+$/);
    const session = await exchange(codeIn(location), verifier);
    expect(session.status, session.text).toBe(200);
    expect(decodeJwt(session.body.access_token).amr).toEqual([
      { method: "recovery", timestamp: expect.any(Number) },
    ]);
  });

  it("e-mail change: the first link only half-confirms; the second answers a code for the moved account", async () => {
    const user = await ctx.createUser();
    const signedIn = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: user.email,
      password: user.password,
    });
    const next = uniqueEmail("pkce-moved");
    const verifier = newVerifier();
    const requested = await bearer(ctx, signedIn.body.access_token).put("/auth/v1/user", {
      email: next,
      ...pkceFields(verifier),
    });
    expect(requested.status, requested.text).toBe(200);
    const half = await follow(await latestMail(ctx, user.email));
    expect(fragmentOf(half).message).toMatch(/^Confirmation link accepted/);
    expect(new URL(half).searchParams.has("code")).toBe(false);
    const code = codeIn(await follow(await latestMail(ctx, next)));
    const session = await exchange(code, verifier);
    expect(session.status, session.text).toBe(200);
    expect(session.body.user.email).toBe(next);
    expect(decodeJwt(session.body.access_token).amr).toEqual([
      { method: "email_change", timestamp: expect.any(Number) },
    ]);
  });

  it("resend of an e-mail change carries a new challenge for both new links", async () => {
    const user = await ctx.createUser();
    const signedIn = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: user.email,
      password: user.password,
    });
    const next = uniqueEmail("pkce-moved-again");
    await bearer(ctx, signedIn.body.access_token).put("/auth/v1/user", { email: next }).expect(200);
    const verifier = newVerifier();
    const resent = await anon(ctx).post("/auth/v1/resend", {
      type: "email_change",
      email: next,
      ...pkceFields(verifier),
    });
    expect(resent.status, resent.text).toBe(200);
    await follow(await latestMail(ctx, next));
    const code = codeIn(await follow(await latestMail(ctx, user.email)));
    const session = await exchange(code, verifier);
    expect(session.status, session.text).toBe(200);
    expect(session.body.user.email).toBe(next);
  });

  it("PUT /user refuses a malformed challenge and changes nothing", async () => {
    const user = await ctx.createUser();
    const signedIn = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: user.email,
      password: user.password,
    });
    const res = await bearer(ctx, signedIn.body.access_token).put("/auth/v1/user", {
      email: uniqueEmail("pkce-not-moved"),
      code_challenge: "short",
      code_challenge_method: "s256",
    });
    expect(res.status).toBe(400);
    const me = await bearer(ctx, signedIn.body.access_token).get("/auth/v1/user");
    expect(me.body.new_email ?? null).toBeNull();
  });

  it("a code of a deleted user is gone with them", async () => {
    const user = await ctx.createUser();
    const verifier = newVerifier();
    await anon(ctx).post("/auth/v1/otp", { email: user.email, ...pkceFields(verifier) });
    const code = codeIn(await follow(await latestMail(ctx, user.email)));
    await ctx.db.deleteFrom("users").where("id", "=", user.id).execute();
    const res = await exchange(code, verifier);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: "flow_state_not_found" });
  });
});
