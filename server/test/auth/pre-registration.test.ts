import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext, uniqueEmail } from "../helpers";
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

/**
 * An attacker signs up someone else's address with the attacker's password before the owner does. Whatever
 * mailed link the owner later follows, the attacker's password must not work afterwards.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
});
afterAll(() => ctx.close());

const ATTACKER_PASSWORD = "mallory was here first 1";
const VICTIM_PASSWORD = "the real owner's passphrase 2";

const signUp = (email: string, password: string, fullName: string) =>
  anon(ctx).post("/auth/v1/signup", { email, password, data: { full_name: fullName } });

const passwordGrant = (email: string, password: string) =>
  anon(ctx).post("/auth/v1/token?grant_type=password", { email, password });

async function expectRefused(email: string, password: string) {
  const res = await passwordGrant(email, password);
  expect(res.status, res.text).toBe(400);
  expect(res.body.error_code).toBe("invalid_credentials");
}

/** Follows a mailed link as the mail client would; answers the session from the redirect's fragment. */
async function follow(link: string) {
  const res = await request(ctx.app).get(linkPath(link));
  expect(res.status).toBe(303);
  return fragmentOf(res.headers.location ?? "");
}

async function preRegistered() {
  const email = uniqueEmail("victim");
  expect((await signUp(email, ATTACKER_PASSWORD, "Mallory")).status).toBe(200);
  return email;
}

describe("a sign-up of an unconfirmed address by someone else", () => {
  it("is replaced by the owner's later sign-up: the newest mail confirms the owner's password only", async () => {
    const email = await preRegistered();
    const attackersMail = await latestMail(ctx, email);
    const fresh = await signUp(uniqueEmail("fresh"), VICTIM_PASSWORD, "Someone");
    const repeat = await signUp(email, VICTIM_PASSWORD, "Victoria");
    expect(repeat.status).toBe(200);
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === null ? null : typeof v]));
    expect(shape(repeat.body)).toEqual(shape(fresh.body));

    const newest = await latestMail(ctx, email);
    expect(newest.id).not.toBe(attackersMail.id);
    expect(
      fragmentOf((await request(ctx.app).get(linkPath(attackersMail.link))).headers.location ?? ""),
    ).toMatchObject({ error_code: "otp_expired" });
    const session = await follow(newest.link);
    expect(session.type).toBe("signup");

    const user = await signIn(ctx, email, VICTIM_PASSWORD);
    expect(user.user.user_metadata).toEqual({ full_name: "Victoria" });
    await expectRefused(email, ATTACKER_PASSWORD);
  });

  it("the owner's sign-up kills the magic and recovery links mailed before it", async () => {
    const email = await preRegistered();
    await anon(ctx).post("/auth/v1/otp", { email });
    const magic = await latestMail(ctx, email);
    await anon(ctx).post("/auth/v1/recover", { email });
    const recovery = await latestMail(ctx, email);
    await signUp(email, VICTIM_PASSWORD, "Victoria");
    for (const mail of [magic, recovery]) expect((await follow(mail.link)).error_code).toBe("otp_expired");
    await follow((await latestMail(ctx, email)).link);
    await signIn(ctx, email, VICTIM_PASSWORD);
    await expectRefused(email, ATTACKER_PASSWORD);
  });

  it("a confirmation resent after the owner's sign-up still confirms the owner's password", async () => {
    const email = await preRegistered();
    await signUp(email, VICTIM_PASSWORD, "Victoria");
    expect((await anon(ctx).post("/auth/v1/resend", { type: "signup", email })).status).toBe(200);
    await follow((await latestMail(ctx, email)).link);
    await signIn(ctx, email, VICTIM_PASSWORD);
    await expectRefused(email, ATTACKER_PASSWORD);
  });

  it("concurrent sign-ups: the password that works is the one of the sign-up whose mail confirmed", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all([
      signUp(email, ATTACKER_PASSWORD, "Mallory"),
      signUp(email, VICTIM_PASSWORD, "Victoria"),
      signUp(email, ATTACKER_PASSWORD, "Mallory"),
      signUp(email, VICTIM_PASSWORD, "Victoria"),
    ]);
    for (const res of results) expect(res.status, res.text).toBe(200);
    const all = await mails(ctx, email);
    expect(all).toHaveLength(4);
    // Only the newest link is live; the others were replaced.
    for (const old of all.slice(1)) expect((await follow(old.link)).error_code).toBe("otp_expired");
    const session = await follow(all[0]?.link ?? "");
    const me = await bearer(ctx, session.access_token ?? "").get("/auth/v1/user");
    const winner = me.body.user_metadata.full_name as string;
    const [kept, dropped] =
      winner === "Victoria" ? [VICTIM_PASSWORD, ATTACKER_PASSWORD] : [ATTACKER_PASSWORD, VICTIM_PASSWORD];
    await signIn(ctx, email, kept);
    await expectRefused(email, dropped);
  });
});

describe("confirming a pre-registered address by another mailed link removes the attacker's password", () => {
  it("a magic link", async () => {
    const email = await preRegistered();
    expect((await anon(ctx).post("/auth/v1/otp", { email })).status).toBe(200);
    const session = await follow((await latestMail(ctx, email)).link);
    expect(session.type).toBe("magiclink");
    const me = await bearer(ctx, session.access_token ?? "").get("/auth/v1/user");
    expect(me.body.email_confirmed_at).toEqual(expect.any(String));
    await expectRefused(email, ATTACKER_PASSWORD);
  });

  it("the 6-digit code of a magic link (POST /verify type=email)", async () => {
    const email = await preRegistered();
    await anon(ctx).post("/auth/v1/otp", { email });
    const code = mailCode(await latestMail(ctx, email));
    const res = await anon(ctx).post("/auth/v1/verify", { type: "email", email, token: code });
    expect(res.status, res.text).toBe(200);
    await expectRefused(email, ATTACKER_PASSWORD);
  });

  it("a recovery link, after which the owner sets a password of their own", async () => {
    const email = await preRegistered();
    await anon(ctx).post("/auth/v1/recover", { email });
    const session = await follow((await latestMail(ctx, email)).link);
    expect(session.type).toBe("recovery");
    await expectRefused(email, ATTACKER_PASSWORD);
    const changed = await bearer(ctx, session.access_token ?? "").put("/auth/v1/user", {
      password: VICTIM_PASSWORD,
    });
    expect(changed.status, changed.text).toBe(200);
    await signIn(ctx, email, VICTIM_PASSWORD);
  });

  it("the 6-digit code of a recovery mail (POST /verify type=recovery)", async () => {
    const email = await preRegistered();
    await anon(ctx).post("/auth/v1/recover", { email });
    const code = mailCode(await latestMail(ctx, email));
    const res = await anon(ctx).post("/auth/v1/verify", { type: "recovery", email, token: code });
    expect(res.status, res.text).toBe(200);
    await expectRefused(email, ATTACKER_PASSWORD);
  });

  it("but the code of the owner's own sign-up (POST /verify type=signup) keeps the owner's password", async () => {
    const email = await preRegistered();
    await signUp(email, VICTIM_PASSWORD, "Victoria");
    const mail = await latestMail(ctx, email);
    const res = await anon(ctx).post("/auth/v1/verify", { type: "signup", email, token: mailCode(mail) });
    expect(res.status, res.text).toBe(200);
    await signIn(ctx, email, VICTIM_PASSWORD);
    await expectRefused(email, ATTACKER_PASSWORD);
  });

  it("a token_hash of the newest confirmation (POST /verify) keeps only that sign-up's password", async () => {
    const email = await preRegistered();
    await signUp(email, VICTIM_PASSWORD, "Victoria");
    const mail = await latestMail(ctx, email);
    const res = await anon(ctx).post("/auth/v1/verify", { type: "signup", token_hash: linkToken(mail.link) });
    expect(res.status, res.text).toBe(200);
    await signIn(ctx, email, VICTIM_PASSWORD);
    await expectRefused(email, ATTACKER_PASSWORD);
  });
});

describe("an account confirmed by its own sign-up", () => {
  it("keeps its password through later magic links and recovery", async () => {
    const email = uniqueEmail("owner");
    await signUp(email, VICTIM_PASSWORD, "Victoria");
    await follow((await latestMail(ctx, email)).link);
    await anon(ctx).post("/auth/v1/otp", { email });
    await follow((await latestMail(ctx, email)).link);
    await anon(ctx).post("/auth/v1/recover", { email });
    await follow((await latestMail(ctx, email)).link);
    await signIn(ctx, email, VICTIM_PASSWORD);
  });

  it("is not touched by a later sign-up of the same address", async () => {
    const email = uniqueEmail("owner");
    await signUp(email, VICTIM_PASSWORD, "Victoria");
    await follow((await latestMail(ctx, email)).link);
    expect((await signUp(email, ATTACKER_PASSWORD, "Mallory")).status).toBe(200);
    expect(await mails(ctx, email)).toHaveLength(1);
    const session = await signIn(ctx, email, VICTIM_PASSWORD);
    expect(session.user.user_metadata).toEqual({ full_name: "Victoria" });
    await expectRefused(email, ATTACKER_PASSWORD);
  });
});
