import { AuthSessionMissingError, GoTrueClient } from "@supabase/auth-js";
import { authenticator } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type TestContext, uniqueEmail } from "../helpers";
import { type LiveServer, startLiveServer } from "../support/live-server";
import { fragmentOf, latestMail, mailCode, mails } from "./support";

let live: LiveServer;
let ctx: TestContext;
let base: string;

beforeAll(async () => {
  live = await startLiveServer();
  ({ ctx, base } = live);
});
afterAll(() => live.close());

/** A stock auth-js client, configured as supabase-js would configure it. */
const client = () =>
  new GoTrueClient({
    url: `${base}/auth/v1`,
    headers: { apikey: ctx.anonKey, Authorization: `Bearer ${ctx.anonKey}` },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });

async function signedIn(email: string, password = TEST_PASSWORD) {
  const c = client();
  const { data, error } = await c.signInWithPassword({ email, password });
  expect(error).toBeNull();
  if (!data.session) throw new Error("no session");
  return { client: c, session: data.session };
}

async function isAlive(accessToken: string) {
  const { error } = await client().getUser(accessToken);
  if (error && !(error instanceof AuthSessionMissingError) && error.status !== 403) throw error;
  return error === null;
}

describe("a stock @supabase/auth-js GoTrueClient", () => {
  const email = uniqueEmail("authjs");

  it("signs up, confirms through the outbox link, and signs in", async () => {
    const c = client();
    const signUp = await c.signUp({
      email,
      password: TEST_PASSWORD,
      options: { data: { full_name: "Stock Client" }, emailRedirectTo: "http://localhost:3000/app" },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);

    const unconfirmed = await c.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(unconfirmed.error?.code).toBe("email_not_confirmed");

    const mail = await latestMail(ctx, email);
    const link = new URL(mail.link);
    const followed = await fetch(`${base}${link.pathname}${link.search}`, { redirect: "manual" });
    expect(followed.status).toBe(303);
    const fragment = fragmentOf(followed.headers.get("location") ?? "");
    const set = await c.setSession({
      access_token: fragment.access_token ?? "",
      refresh_token: fragment.refresh_token ?? "",
    });
    expect(set.error).toBeNull();
    expect(set.data.user?.email_confirmed_at).toBeTruthy();

    const { session } = await signedIn(email);
    expect(session.user.user_metadata).toEqual({ full_name: "Stock Client" });
  });

  it("reports wrong credentials and weak passwords as auth-js errors", async () => {
    const wrong = await client().signInWithPassword({ email, password: "not the password" });
    expect(wrong.error?.code).toBe("invalid_credentials");
    expect(wrong.error?.status).toBe(400);
    const weak = await client().signUp({ email: uniqueEmail("weak"), password: "password" });
    expect(weak.error?.name).toBe("AuthWeakPasswordError");
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(["pwned"]);
  });

  it("getUser, refreshSession and updateUser", async () => {
    const { client: c, session } = await signedIn(email);
    const user = await c.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user?.email).toBe(email);

    const refreshed = await c.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(refreshed.data.session?.user.email).toBe(email);

    const updated = await c.updateUser({ data: { full_name: "Renamed" } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.full_name).toBe("Renamed");
  });

  it("reauthenticate then updateUser({ password, nonce }) with the mailed code", async () => {
    const user = await ctx.createUser();
    const { client: c } = await signedIn(user.email);
    expect((await c.reauthenticate()).error).toBeNull();
    const mail = await latestMail(ctx, user.email);
    expect(mail.kind).toBe("reauthentication");
    const wrong = await c.updateUser({ password: "a new stock passphrase 12", nonce: "00000" });
    expect(wrong.error?.code).toBe("reauthentication_not_valid");
    const updated = await c.updateUser({ password: "a new stock passphrase 12", nonce: mailCode(mail) });
    expect(updated.error).toBeNull();
    await signedIn(user.email, "a new stock passphrase 12");
  });

  it("updateUser({ email }) changes the address once the links to both addresses are followed", async () => {
    const user = await ctx.createUser();
    const { client: c } = await signedIn(user.email);
    const next = uniqueEmail("authjs-moved");
    const requested = await c.updateUser({ email: next }, { emailRedirectTo: "http://localhost:3000/app" });
    expect(requested.error).toBeNull();
    expect(requested.data.user?.new_email).toBe(next);
    const follow = async (to: string) => {
      const [mail] = await mails(ctx, to);
      const link = new URL(mail?.link ?? "");
      const res = await fetch(`${base}${link.pathname}${link.search}`, { redirect: "manual" });
      expect(res.status).toBe(303);
      return fragmentOf(res.headers.get("location") ?? "");
    };
    expect(await follow(user.email)).toEqual({
      message: "Confirmation link accepted. Please proceed to confirm link sent to the other email",
    });
    expect((await c.getUser()).data.user?.email).toBe(user.email);
    expect((await follow(next)).type).toBe("email_change");
    expect((await c.getUser()).data.user?.email).toBe(next);
    await signedIn(next);
  });

  it("signInWithOtp then verifyOtp with the mailed code", async () => {
    const c = client();
    const otpEmail = uniqueEmail("otp");
    const sent = await c.signInWithOtp({
      email: otpEmail,
      options: { emailRedirectTo: "http://localhost:3000/app" },
    });
    expect(sent.error).toBeNull();
    const mail = await latestMail(ctx, otpEmail);
    const verified = await c.verifyOtp({ email: otpEmail, token: mailCode(mail), type: "email" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(otpEmail);
    expect((await c.getUser()).data.user?.email).toBe(otpEmail);
  });

  it("signOut with scope others, local and global", async () => {
    const a = await signedIn(email);
    const b = await signedIn(email);
    const c = await signedIn(email);
    expect((await a.client.signOut({ scope: "others" })).error).toBeNull();
    expect(await isAlive(a.session.access_token)).toBe(true);
    expect(await isAlive(b.session.access_token)).toBe(false);
    expect(await isAlive(c.session.access_token)).toBe(false);

    expect((await a.client.signOut({ scope: "local" })).error).toBeNull();
    expect(await isAlive(a.session.access_token)).toBe(false);
    expect((await a.client.getSession()).data.session).toBeNull();

    const d = await signedIn(email);
    const e = await signedIn(email);
    expect((await d.client.signOut()).error).toBeNull();
    expect(await isAlive(d.session.access_token)).toBe(false);
    expect(await isAlive(e.session.access_token)).toBe(false);
    const stale = await e.client.refreshSession();
    expect(stale.error).not.toBeNull();
  });

  it("enrolls, challenges and verifies a TOTP factor (MFA_CHALLENGE_VERIFIED at aal2)", async () => {
    const { client: c } = await signedIn(email);
    const enroll = await c.mfa.enroll({ factorType: "totp", friendlyName: "authjs" });
    expect(enroll.error).toBeNull();
    if (enroll.data?.type !== "totp") throw new Error("no totp factor");
    expect(enroll.data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    const events: string[] = [];
    c.onAuthStateChange((event) => events.push(event));
    const result = await c.mfa.challengeAndVerify({
      factorId: enroll.data.id,
      code: authenticator.clone({ epoch: ctx.clock.now() }).generate(enroll.data.totp.secret),
    });
    expect(result.error).toBeNull();
    const aal = await c.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe("aal2");
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");
    const factors = await c.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toContain(enroll.data.id);
  });

  it("refuses mfa.enroll (insufficient_aal) to an aal1 session once a factor is verified", async () => {
    const { client: c } = await signedIn(email);
    const aal = await c.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const enroll = await c.mfa.enroll({ factorType: "totp", friendlyName: "second" });
    expect(enroll.data).toBeNull();
    expect(enroll.error?.code).toBe("insufficient_aal");
    expect(enroll.error?.status).toBe(403);
    const factors = await c.mfa.listFactors();
    expect(factors.data?.all).toHaveLength(1);
  });

  it("resetPasswordForEmail then verifyOtp type=recovery (PASSWORD_RECOVERY)", async () => {
    const c = client();
    expect((await c.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await latestMail(ctx, email);
    const events: string[] = [];
    c.onAuthStateChange((event) => events.push(event));
    const link = new URL(mail.link);
    const verified = await c.verifyOtp({
      token_hash: link.searchParams.get("token") ?? "",
      type: "recovery",
    });
    expect(verified.error).toBeNull();
    expect(events).toContain("PASSWORD_RECOVERY");
  });
});
