import type { DevMail } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext, uniqueEmail } from "../helpers";
import { anon, bearer, decodeJwt, fragmentOf, latestMail, linkPath, mails, signIn } from "./support";

/**
 * Someone signs up, with a password of their own, an address that is about to receive a back-office role
 * (an administrator's invitation, or STAFF_EMAIL_DOMAINS). However the mailbox owner goes on, the
 * stranger's password must never open an account that holds the role.
 */
let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMITS: "false", STAFF_EMAIL_DOMAINS: "staff.example" },
    seed: false,
  });
  const admin = await ctx.createUser({ role: "admin", email: uniqueEmail("boss") });
  adminToken = (await signIn(ctx, admin.email, admin.password)).access_token;
});
afterAll(() => ctx.close());

const STRANGER_PASSWORD = "mallory wants the keys 1";
const OWNER_PASSWORD = "the invitee's own passphrase 2";
const staffAddress = (prefix: string) => uniqueEmail(prefix).replace("example.com", "staff.example");
const roleOf = (accessToken: string) => (decodeJwt(accessToken).app_metadata as { role?: string }).role;

const signUp = (email: string, password: string) =>
  anon(ctx).post("/auth/v1/signup", { email, password, data: { full_name: "Mallory" } });
const passwordGrant = (email: string, password: string) =>
  anon(ctx).post("/auth/v1/token?grant_type=password", { email, password });

async function invite(email: string, role: "admin" | "staff") {
  const res = await bearer(ctx, adminToken).post("/api/team/invitations", { email, role });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; role: string | null; confirmed: boolean };
}

/** Follows a mailed link as a mail client would: the redirect and the session in its fragment. */
async function follow(mail: DevMail): Promise<{ location: string; [param: string]: string | undefined }> {
  const res = await request(ctx.app)
    .get(linkPath(mail.link ?? ""))
    .redirects(0);
  expect(res.status).toBe(303);
  const location = res.headers.location as string;
  return { location, ...fragmentOf(location) };
}

/** The mailbox owner chooses a password in the session the followed link started. */
async function choosePassword(accessToken: string, password: string) {
  const res = await bearer(ctx, accessToken).put("/auth/v1/user", { password });
  expect(res.status, res.text).toBe(200);
}

async function expectRefused(email: string, password: string) {
  const res = await passwordGrant(email, password);
  expect(res.status, res.text).toBe(400);
  expect(res.body.error_code).toBe("invalid_credentials");
}

const storedUser = (email: string) =>
  ctx.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

describe("a sign-up of an address with a pending invitation", () => {
  it("cannot take the invited admin account over, whatever mail the invitee follows", async () => {
    const email = uniqueEmail("target-admin");
    await invite(email, "admin");
    expect((await signUp(email, STRANGER_PASSWORD)).status).toBe(200);
    // The invitee follows every mail they got, newest first ("Confirm your account" included, if any).
    for (const mail of await mails(ctx, email)) await follow(mail);
    const attempt = await passwordGrant(email, STRANGER_PASSWORD);
    expect(attempt.status, attempt.text).toBe(400);
    expect(attempt.body.access_token).toBeUndefined();
  });

  it("changes nothing, mails nothing, and answers as for any taken address; the invitee gets in as admin", async () => {
    const email = uniqueEmail("invited-admin");
    const invited = await invite(email, "admin");
    // The role is the invitation's, not yet the account's.
    expect(invited).toMatchObject({ role: "admin", confirmed: false });
    const before = await storedUser(email);
    expect(before.encrypted_password).toBeNull();
    expect(JSON.parse(before.raw_app_meta_data).role).toBeUndefined();

    const fresh = await signUp(uniqueEmail("fresh"), STRANGER_PASSWORD);
    const taken = await signUp((await ctx.createUser()).email, STRANGER_PASSWORD);
    const attack = await signUp(email, STRANGER_PASSWORD);
    expect(attack.status, attack.text).toBe(200);
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === null ? null : typeof v]));
    expect(shape(attack.body)).toEqual(shape(fresh.body));
    expect(shape(attack.body)).toEqual(shape(taken.body));
    expect(attack.body.id).not.toBe(invited.id);

    const after = await storedUser(email);
    expect(after).toEqual(before);
    const sent = await mails(ctx, email);
    expect(sent.map((m) => m.kind)).toEqual(["invite"]);
    await expectRefused(email, STRANGER_PASSWORD);

    // The invitee redeems the invitation, chooses a password there, and holds the role from then on.
    const redeemed = await follow(sent[0] as DevMail);
    expect(redeemed.location.startsWith(`${ctx.config.SITE_URL}/auth/set-password#`)).toBe(true);
    expect(roleOf(redeemed.access_token ?? "")).toBe("admin");
    await choosePassword(redeemed.access_token ?? "", OWNER_PASSWORD);
    expect(roleOf((await signIn(ctx, email, OWNER_PASSWORD)).access_token)).toBe("admin");
    await expectRefused(email, STRANGER_PASSWORD);
  });

  it("an invitation after a stranger's sign-up kills that sign-up's link and password", async () => {
    const email = uniqueEmail("signed-up-first");
    expect((await signUp(email, STRANGER_PASSWORD)).status).toBe(200);
    const strangersMail = await latestMail(ctx, email);
    // The back office refuses an address that has an account; GoTrue's admin API re-invites it.
    const res = await request(ctx.app)
      .post("/auth/v1/invite")
      .set({ apikey: ctx.serviceRoleKey, authorization: `Bearer ${ctx.serviceRoleKey}` })
      .send({ email });
    expect(res.status, res.text).toBe(200);
    expect(fragmentOf((await follow(strangersMail)).location)).toMatchObject({ error_code: "otp_expired" });
    await expectRefused(email, STRANGER_PASSWORD);

    const redeemed = await follow(await latestMail(ctx, email));
    await choosePassword(redeemed.access_token ?? "", OWNER_PASSWORD);
    await signIn(ctx, email, OWNER_PASSWORD);
    await expectRefused(email, STRANGER_PASSWORD);
  });

  it("a role changed before redemption changes the invitation's role, still not the account's", async () => {
    const email = uniqueEmail("promoted-invitee");
    const { id } = await invite(email, "staff");
    const changed = await bearer(ctx, adminToken).put(`/api/team/members/${id}/role`, { role: "admin" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ role: "admin", confirmed: false });
    expect(JSON.parse((await storedUser(email)).raw_app_meta_data).role).toBeUndefined();
    const redeemed = await follow(await latestMail(ctx, email));
    expect(roleOf(redeemed.access_token ?? "")).toBe("admin");
  });

  it("a magic link confirms the invitee without the invitation's role", async () => {
    const email = uniqueEmail("invited-staff");
    await invite(email, "staff");
    expect((await anon(ctx).post("/auth/v1/otp", { email })).status).toBe(200);
    const magic = (await mails(ctx, email)).find((m) => m.kind === "magic_link");
    expect(magic).toBeDefined();
    expect(roleOf((await follow(magic as DevMail)).access_token ?? "")).toBeUndefined();
    // The invitation ended with the first confirmation: redeeming it now grants nothing either.
    const invitation = (await mails(ctx, email)).find((m) => m.kind === "invite");
    const late = await follow(invitation as DevMail);
    expect(late.access_token === undefined || roleOf(late.access_token) === undefined).toBe(true);
  });
});

describe("a sign-up of a staff-domain address by a stranger", () => {
  it("when the owner follows the confirmation, the staff role comes with no password but the one they choose", async () => {
    const email = staffAddress("newhire");
    expect((await signUp(email, STRANGER_PASSWORD)).status).toBe(200);
    const confirmation = await latestMail(ctx, email);
    expect(confirmation.kind).toBe("confirmation");

    const confirmed = await follow(confirmation);
    // The link leads to where the owner chooses their password, signed in with the staff role.
    expect(confirmed.location.startsWith(`${ctx.config.SITE_URL}/auth/set-password#`)).toBe(true);
    expect(roleOf(confirmed.access_token ?? "")).toBe("staff");
    await expectRefused(email, STRANGER_PASSWORD);

    await choosePassword(confirmed.access_token ?? "", OWNER_PASSWORD);
    expect(roleOf((await signIn(ctx, email, OWNER_PASSWORD)).access_token)).toBe("staff");
    await expectRefused(email, STRANGER_PASSWORD);
  });

  it("a confirmation on another domain still keeps the sign-up's own password (no role at stake)", async () => {
    const email = uniqueEmail("guest");
    expect((await signUp(email, OWNER_PASSWORD)).status).toBe(200);
    const confirmed = await follow(await latestMail(ctx, email));
    expect(confirmed.location.startsWith(`${ctx.config.SITE_URL}/app#`)).toBe(true);
    expect(roleOf((await signIn(ctx, email, OWNER_PASSWORD)).access_token)).toBeUndefined();
  });
});

describe("one live confirmation per sign-up", () => {
  it("a newer sign-up of an unconfirmed address kills the older link and its password", async () => {
    const email = staffAddress("twice");
    expect((await signUp(email, STRANGER_PASSWORD)).status).toBe(200);
    const older = await latestMail(ctx, email);
    expect((await signUp(email, OWNER_PASSWORD)).status).toBe(200);
    const newer = await latestMail(ctx, email);
    expect(newer.id).not.toBe(older.id);

    expect(fragmentOf((await follow(older)).location)).toMatchObject({ error_code: "otp_expired" });
    expect((await storedUser(email)).email_confirmed_at).toBeNull();
    await expectRefused(email, STRANGER_PASSWORD);

    const confirmed = await follow(newer);
    expect(roleOf(confirmed.access_token ?? "")).toBe("staff");
    await choosePassword(confirmed.access_token ?? "", OWNER_PASSWORD);
    await signIn(ctx, email, OWNER_PASSWORD);
    await expectRefused(email, STRANGER_PASSWORD);
  });
});
