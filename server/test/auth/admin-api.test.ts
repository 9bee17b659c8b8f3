import type { AuthUser, GeneratedLink } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tailAuditLog } from "../../src/modules/auth/admin";
import { createTestContext, TEST_PASSWORD, type TestContext, uniqueEmail } from "../helpers";
import {
  API_VERSION,
  anon,
  bearer,
  challengeAndVerify,
  decodeJwt,
  enrollTotp,
  fragmentOf,
  linkPath,
  mails,
  refresh,
  signIn,
  totpCode,
} from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
});
afterAll(() => ctx.close());

/** A server holding the service_role key, as supabase-js's auth.admin sends it. */
const service = () => bearer(ctx, ctx.serviceRoleKey);
const NEW_PASSWORD = "a brand new pass phrase 9";

async function createViaApi(body: object): Promise<AuthUser> {
  const res = await service().post("/auth/v1/admin/users", body);
  expect(res.status, res.text).toBe(200);
  return res.body as AuthUser;
}

async function auditDetails(action: string) {
  return (await tailAuditLog({ db: ctx.db, config: ctx.config }, 200))
    .filter((e) => e.action === action)
    .map((e) => JSON.parse(e.detail) as Record<string, unknown>);
}

/** Follows a verify link against the app: the 303's target and its fragment. */
async function follow(link: string) {
  const res = await request(ctx.app).get(linkPath(link)).redirects(0);
  expect(res.status).toBe(303);
  const location = res.headers.location as string;
  return { location, fragment: fragmentOf(location) };
}

describe("who may call GoTrue's admin API", () => {
  it.each([
    ["the anonymous key", async () => ctx.anonKey],
    ["a user without a role", () => ctx.userToken({ role: null })],
    ["a staff member", () => ctx.userToken({ role: "staff" })],
    ["an administrator's own token", () => ctx.userToken({ role: "admin" })],
  ])("refuses %s with GoTrue's 403 not_admin", async (_who, token) => {
    const bearerToken = await token();
    const res = await bearer(ctx, bearerToken).get("/auth/v1/admin/users");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, error_code: "not_admin", msg: "User not allowed" });
    const versioned = await bearer(ctx, bearerToken)
      .post("/auth/v1/invite", { email: uniqueEmail() })
      .set(API_VERSION);
    expect(versioned.status).toBe(403);
    expect(versioned.body).toEqual({ code: "not_admin", message: "User not allowed" });
  });

  it("asks for a bearer token when only the anonymous key is sent", async () => {
    const res = await anon(ctx).get("/auth/v1/admin/users");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error_code: "no_authorization" });
  });

  it("takes the service_role key as bearer, or alone as the apikey", async () => {
    expect((await service().get("/auth/v1/admin/users")).status).toBe(200);
    const alone = await request(ctx.app).get("/auth/v1/admin/users").set("apikey", ctx.serviceRoleKey);
    expect(alone.status).toBe(200);
  });

  it("passes the data and storage APIs' policies, but is no person on the back office's own routes", async () => {
    // Not a person: routes for signed-in users, staff and administrators refuse it.
    expect((await service().get("/auth/v1/user")).status).toBe(401);
    expect((await service().get("/api/team/members")).status).toBe(401);
    // The data and storage APIs let it past their policies, as Supabase's do.
    expect((await service().get("/rest/v1/crm_contacts")).status).toBe(200);
    expect((await service().get("/rest/v1/events")).status).toBe(200);
    expect((await service().get("/storage/v1/bucket")).status).toBe(200);
  });
});

describe("users through the admin API", () => {
  it("lists users a page at a time with GoTrue's X-Total-Count and Link headers", async () => {
    for (let i = 0; i < 3; i++) await createViaApi({ email: uniqueEmail("page") });
    const res = await service().get("/auth/v1/admin/users?page=1&per_page=2");
    expect(res.status).toBe(200);
    expect(res.body.aud).toBe("authenticated");
    expect(res.body.users).toHaveLength(2);
    const total = Number(res.headers["x-total-count"]);
    expect(total).toBeGreaterThanOrEqual(3);
    const last = Math.ceil(total / 2);
    expect(res.headers.link).toBe(
      `</auth/v1/admin/users?page=2&per_page=2>; rel="next", </auth/v1/admin/users?page=${last}&per_page=2>; rel="last"`,
    );
    const second = await service().get("/auth/v1/admin/users?page=2&per_page=2");
    const firstIds = res.body.users.map((u: AuthUser) => u.id);
    for (const user of second.body.users as AuthUser[]) expect(firstIds).not.toContain(user.id);
    // auth-js sends empty values when no page is asked for.
    expect((await service().get("/auth/v1/admin/users?page=&per_page=")).status).toBe(200);
    const bad = await service().get("/auth/v1/admin/users?page=abc");
    expect(bad.status).toBe(400);
  });

  it("creates a confirmed user with a role and metadata, refusing duplicates and weak passwords", async () => {
    const email = uniqueEmail("created");
    const user = await createViaApi({
      email,
      password: TEST_PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: "Ada" },
      app_metadata: { role: "staff", team: "studio" },
    });
    expect(user).toMatchObject({
      email,
      user_metadata: { full_name: "Ada" },
      app_metadata: { provider: "email", providers: ["email"], role: "staff", team: "studio" },
    });
    expect(user.email_confirmed_at).toEqual(expect.any(String));
    const session = await signIn(ctx, email, TEST_PASSWORD);
    expect(decodeJwt(session.access_token)).toMatchObject({ app_metadata: { role: "staff" } });

    const again = await service().post("/auth/v1/admin/users", { email, password: TEST_PASSWORD });
    expect(again.status).toBe(422);
    expect(again.body.error_code).toBe("email_exists");
    const weak = await service().post("/auth/v1/admin/users", { email: uniqueEmail(), password: "password" });
    expect(weak.status).toBe(422);
    expect(weak.body.error_code).toBe("weak_password");
    const phone = await service().post("/auth/v1/admin/users", {
      email: uniqueEmail(),
      phone: "+46700000000",
    });
    expect(phone.status).toBe(400);

    const [created] = (await auditDetails("user_created")).filter((d) => d.target_email === email);
    expect(created).toMatchObject({ by: "service_role", target_id: user.id, role: "staff", confirmed: true });
    expect(JSON.stringify(created)).not.toContain(TEST_PASSWORD);
  });

  it("creates a user without a password who cannot sign in until a link is followed", async () => {
    const email = uniqueEmail("nopass");
    const user = await createViaApi({ email });
    expect(user.email_confirmed_at).toBeNull();
    const res = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe("invalid_credentials");
  });

  it("reads one user, answering GoTrue's 404s for an unknown id and one that is not a UUID", async () => {
    const user = await createViaApi({ email: uniqueEmail("read") });
    const res = await service().get(`/auth/v1/admin/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, identities: [{ provider: "email" }] });
    const unknown = await service().get(`/auth/v1/admin/users/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe("user_not_found");
    const malformed = await service().get("/auth/v1/admin/users/not-a-uuid");
    expect(malformed.status).toBe(404);
    expect(malformed.body).toMatchObject({ error_code: "validation_failed", msg: "user_id must be an UUID" });
  });

  it("changes role, metadata, password and address; role and password changes end the sessions", async () => {
    const email = uniqueEmail("update");
    const user = await createViaApi({ email, password: TEST_PASSWORD, email_confirm: true });
    const session = await signIn(ctx, email, TEST_PASSWORD);

    const promoted = await service().put(`/auth/v1/admin/users/${user.id}`, {
      app_metadata: { role: "admin" },
      user_metadata: { nickname: "boss" },
    });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body).toMatchObject({
      app_metadata: { role: "admin" },
      user_metadata: { nickname: "boss" },
    });
    expect((await bearer(ctx, session.access_token).get("/auth/v1/user")).status).toBe(403);
    expect((await refresh(ctx, session.refresh_token)).status).toBe(400);
    const [change] = (await auditDetails("role_changed")).filter((d) => d.target_id === user.id);
    expect(change).toMatchObject({ by: "service_role", from: null, to: "admin", ended_sessions: 1 });

    const newEmail = uniqueEmail("moved");
    const moved = await service().put(`/auth/v1/admin/users/${user.id}`, {
      email: newEmail,
      password: NEW_PASSWORD,
      user_metadata: { nickname: null },
      app_metadata: { role: null },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.email).toBe(newEmail);
    expect(moved.body.user_metadata).toEqual({});
    expect(moved.body.app_metadata).not.toHaveProperty("role");
    const fresh = await signIn(ctx, newEmail, NEW_PASSWORD);
    expect(decodeJwt(fresh.access_token)).toMatchObject({ email: newEmail });
    const updated = (await auditDetails("user_updated")).filter((d) => d.target_id === user.id).at(-1);
    expect(updated).toMatchObject({ fields: expect.arrayContaining(["email", "password", "user_metadata"]) });
    expect(JSON.stringify(updated)).not.toContain(NEW_PASSWORD);

    const other = await createViaApi({ email: uniqueEmail("other") });
    const clash = await service().put(`/auth/v1/admin/users/${other.id}`, { email: newEmail.toUpperCase() });
    expect(clash.status).toBe(422);
    expect(clash.body.error_code).toBe("email_exists");
    const badRole = await service().put(`/auth/v1/admin/users/${user.id}`, {
      app_metadata: { role: "owner" },
    });
    expect(badRole.status).toBe(400);
  });

  it("deletes a user with their sessions", async () => {
    const email = uniqueEmail("deleted");
    const user = await createViaApi({ email, password: TEST_PASSWORD, email_confirm: true });
    const session = await signIn(ctx, email, TEST_PASSWORD);
    const soft = await service().delete(`/auth/v1/admin/users/${user.id}`).send({ should_soft_delete: true });
    expect(soft.status).toBe(400);
    const res = await service().delete(`/auth/v1/admin/users/${user.id}`).send({ should_soft_delete: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await service().get(`/auth/v1/admin/users/${user.id}`)).status).toBe(404);
    expect((await bearer(ctx, session.access_token).get("/auth/v1/user")).status).toBe(403);
    const signInAgain = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email,
      password: TEST_PASSWORD,
    });
    expect(signInAgain.body.error_code).toBe("invalid_credentials");
    expect((await service().delete(`/auth/v1/admin/users/${user.id}`)).status).toBe(404);
    expect(await auditDetails("user_deleted")).toContainEqual(
      expect.objectContaining({ by: "service_role", target_id: user.id, target_email: email }),
    );
  });

  it("lists and removes a user's factors; their aal2 sessions drop to aal1", async () => {
    const email = uniqueEmail("factors");
    const user = await createViaApi({ email, password: TEST_PASSWORD, email_confirm: true });
    const session = await signIn(ctx, email, TEST_PASSWORD);
    const factor = await enrollTotp(ctx, session.access_token, "Phone");
    const verified = await challengeAndVerify(
      ctx,
      session.access_token,
      factor.id,
      totpCode(factor.totp.secret, ctx.clock.now()),
    );
    expect(verified.status, verified.text).toBe(200);
    const aal2Token = verified.body.access_token as string;

    const listed = await service().get(`/auth/v1/admin/users/${user.id}/factors`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: factor.id,
        friendly_name: "Phone",
        factor_type: "totp",
        status: "verified",
      }),
    ]);
    const unknown = await service().delete(`/auth/v1/admin/users/${user.id}/factors/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe("mfa_factor_not_found");

    const removed = await service().delete(`/auth/v1/admin/users/${user.id}/factors/${factor.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: factor.id, status: "verified" });
    expect((await service().get(`/auth/v1/admin/users/${user.id}/factors`)).body).toEqual([]);
    const sessions = await bearer(ctx, aal2Token).get("/auth/v1/user/sessions");
    expect(sessions.body).toEqual([expect.objectContaining({ current: true, aal: "aal1" })]);
    expect(await auditDetails("factor_removed")).toContainEqual(
      expect.objectContaining({ by: "service_role", target_id: user.id, factor_id: factor.id }),
    );
  });
});

describe("bans", () => {
  it("refuse sign-in and refresh at once, end every session, and lift with 'none'", async () => {
    const email = uniqueEmail("banned");
    const user = await createViaApi({ email, password: TEST_PASSWORD, email_confirm: true });
    const session = await signIn(ctx, email, TEST_PASSWORD);

    const banned = await service().put(`/auth/v1/admin/users/${user.id}`, { ban_duration: "24h" });
    expect(banned.status).toBe(200);
    expect(Date.parse(banned.body.banned_until) - ctx.clock.now()).toBeGreaterThan(23.9 * 3600 * 1000);

    expect((await bearer(ctx, session.access_token).get("/auth/v1/user")).status).toBe(403);
    const refreshed = await refresh(ctx, session.refresh_token);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body).toMatchObject({
      error_code: "user_banned",
      msg: "Invalid Refresh Token: User Banned",
    });
    const password = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email,
      password: TEST_PASSWORD,
    });
    expect(password.status).toBe(400);
    expect(password.body).toMatchObject({ error_code: "user_banned", msg: "User is banned" });
    // Only the right password learns of the ban: a wrong one is just wrong.
    const guess = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email,
      password: "wrong guess 123",
    });
    expect(guess.body.error_code).toBe("invalid_credentials");

    const unbanned = await service().put(`/auth/v1/admin/users/${user.id}`, { ban_duration: "none" });
    expect(unbanned.status).toBe(200);
    expect(unbanned.body).not.toHaveProperty("banned_until");
    await signIn(ctx, email, TEST_PASSWORD);
    const actions = (await auditDetails("user_banned")).filter((d) => d.target_id === user.id);
    expect(actions).toEqual([expect.objectContaining({ by: "service_role", ended_sessions: 1 })]);
    expect(await auditDetails("user_unbanned")).toContainEqual(
      expect.objectContaining({ target_id: user.id }),
    );
  });

  it("run out by themselves, and refuse a malformed duration", async () => {
    const email = uniqueEmail("timed");
    const user = await createViaApi({
      email,
      password: TEST_PASSWORD,
      email_confirm: true,
      ban_duration: "1h30m",
    });
    expect(user.banned_until).toEqual(expect.any(String));
    const during = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email,
      password: TEST_PASSWORD,
    });
    expect(during.body.error_code).toBe("user_banned");
    ctx.clock.advance(91 * 60);
    await signIn(ctx, email, TEST_PASSWORD);
    for (const ban_duration of ["forever", "-1h", "24", "1d"]) {
      const res = await service().put(`/auth/v1/admin/users/${user.id}`, { ban_duration });
      expect(res.status, ban_duration).toBe(400);
      expect(res.body.msg).toContain("invalid format for ban duration");
    }
  });

  it("refuse a mailed link without spending it, so it works once the ban is lifted", async () => {
    const email = uniqueEmail("banned-link");
    const user = await createViaApi({ email, password: TEST_PASSWORD, email_confirm: true });
    const link = await service().post("/auth/v1/admin/generate_link", { type: "magiclink", email });
    await service().put(`/auth/v1/admin/users/${user.id}`, { ban_duration: "876000h" });
    const refused = await follow(link.body.action_link);
    expect(refused.fragment).toMatchObject({ error: "access_denied", error_code: "user_banned" });
    const otp = await anon(ctx).post("/auth/v1/verify", {
      type: "magiclink",
      token_hash: link.body.hashed_token,
    });
    expect(otp.status).toBe(403);
    expect(otp.body.error_code).toBe("user_banned");
    await service().put(`/auth/v1/admin/users/${user.id}`, { ban_duration: "none" });
    const accepted = await follow(link.body.action_link);
    expect(accepted.fragment).toMatchObject({ type: "magiclink", access_token: expect.any(String) });
  });
});

describe("invitations", () => {
  it("mail a link to the set-password page whose session sets the first password without a nonce", async () => {
    const email = uniqueEmail("invited");
    const res = await service().post("/auth/v1/invite", { email, data: { full_name: "Grace" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      email,
      user_metadata: { full_name: "Grace" },
      email_confirmed_at: null,
    });
    expect(res.body.invited_at).toEqual(expect.any(String));

    const [mail] = await mails(ctx, email);
    expect(mail).toMatchObject({ kind: "invite", to: email });
    const link = new URL(mail?.link ?? "");
    expect(link.pathname).toBe("/auth/v1/verify");
    expect(link.searchParams.get("type")).toBe("invite");
    expect(link.searchParams.get("redirect_to")).toBe(`${ctx.config.SITE_URL}/auth/set-password`);

    const { location, fragment } = await follow(mail?.link ?? "");
    expect(location.startsWith(`${ctx.config.SITE_URL}/auth/set-password#`)).toBe(true);
    expect(fragment).toMatchObject({ type: "invite", token_type: "bearer" });
    const me = await bearer(ctx, fragment.access_token ?? "").get("/auth/v1/user");
    expect(me.body.email_confirmed_at).toEqual(expect.any(String));

    const set = await bearer(ctx, fragment.access_token ?? "").put("/auth/v1/user", {
      password: NEW_PASSWORD,
    });
    expect(set.status, set.text).toBe(200);
    await signIn(ctx, email, NEW_PASSWORD);
    expect(await auditDetails("user_invited")).toContainEqual(
      expect.objectContaining({ by: "service_role", target_email: email, created: true }),
    );
  });

  it("honour an allowed redirect_to and refuse an address that is already confirmed", async () => {
    const email = uniqueEmail("invite-redirect");
    const res = await service().post(
      `/auth/v1/invite?redirect_to=${encodeURIComponent(`${ctx.config.SITE_URL}/welcome`)}`,
      { email },
    );
    expect(res.status).toBe(200);
    const [mail] = await mails(ctx, email);
    expect(new URL(mail?.link ?? "").searchParams.get("redirect_to")).toBe(`${ctx.config.SITE_URL}/welcome`);
    // Not yet confirmed: invited again with a fresh link; the old one stops working.
    expect((await service().post("/auth/v1/invite", { email })).status).toBe(200);
    const [newer] = await mails(ctx, email);
    expect((await follow(mail?.link ?? "")).fragment.error_code).toBe("otp_expired");
    expect((await follow(newer?.link ?? "")).fragment.type).toBe("invite");
    const confirmed = await service().post("/auth/v1/invite", { email });
    expect(confirmed.status).toBe(422);
    expect(confirmed.body.error_code).toBe("email_exists");
  });

  it("let only an invitation's session of a passwordless account skip the reauthentication nonce", async () => {
    // The nonce is required of sessions older than 24 hours (AUTH_SECURE_PASSWORD_CHANGE, the default).
    const invited = uniqueEmail("late-invite");
    await service().post("/auth/v1/invite", { email: invited });
    const [invite] = await mails(ctx, invited);
    const inviteSession = (await follow(invite?.link ?? "")).fragment;

    const magic = uniqueEmail("late-magic");
    const made = await service().post("/auth/v1/admin/generate_link", { type: "magiclink", email: magic });
    const magicSession = (await follow(made.body.action_link)).fragment;

    ctx.clock.advance(25 * 3600);
    const renew = async (refreshToken?: string) => {
      const res = await refresh(ctx, refreshToken ?? "");
      expect(res.status, res.text).toBe(200);
      return res.body.access_token as string;
    };
    const magicToken = await renew(magicSession.refresh_token);
    const refused = await bearer(ctx, magicToken).put("/auth/v1/user", { password: NEW_PASSWORD });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe("reauthentication_needed");

    const inviteToken = await renew(inviteSession.refresh_token);
    const first = await bearer(ctx, inviteToken).put("/auth/v1/user", { password: NEW_PASSWORD });
    expect(first.status, first.text).toBe(200);
    // Now the account has a password: the same session needs the nonce like any other.
    const second = await bearer(ctx, inviteToken).put("/auth/v1/user", { password: `${NEW_PASSWORD}!` });
    expect(second.status).toBe(400);
    expect(second.body.error_code).toBe("reauthentication_needed");
  });
});

describe("generate_link", () => {
  const generate = async (body: object) => {
    const res = await service().post("/auth/v1/admin/generate_link", body);
    expect(res.status, res.text).toBe(200);
    return res.body as GeneratedLink;
  };

  it("makes a sign-up link that confirms the account and keeps its password, sending no mail", async () => {
    const email = uniqueEmail("gen-signup");
    const link = await generate({
      type: "signup",
      email,
      password: TEST_PASSWORD,
      data: { full_name: "Lin" },
    });
    expect(link).toMatchObject({
      email,
      verification_type: "signup",
      redirect_to: `${ctx.config.SITE_URL}/app`,
      user_metadata: { full_name: "Lin" },
      email_otp: expect.stringMatching(/^\d{6}$/),
    });
    expect(new URL(link.action_link).searchParams.get("type")).toBe("signup");
    expect(await mails(ctx, email)).toEqual([]);
    const verified = await anon(ctx).post("/auth/v1/verify", {
      type: "signup",
      token_hash: link.hashed_token,
    });
    expect(verified.status, verified.text).toBe(200);
    await signIn(ctx, email, TEST_PASSWORD);
    const noPassword = await service().post("/auth/v1/admin/generate_link", {
      type: "signup",
      email: uniqueEmail(),
    });
    expect(noPassword.status).toBe(400);
  });

  it("makes magic links (a sign-up link for an unknown address) usable as link, token hash or code", async () => {
    const email = uniqueEmail("gen-magic");
    const unknown = await generate({ type: "magiclink", email });
    expect(unknown.verification_type).toBe("signup");
    expect((await follow(unknown.action_link)).fragment.type).toBe("signup");

    const known = await generate({ type: "magiclink", email });
    expect(known.verification_type).toBe("magiclink");
    const byCode = await anon(ctx).post("/auth/v1/verify", { type: "email", email, token: known.email_otp });
    expect(byCode.status, byCode.text).toBe(200);
    const again = await generate({ type: "magiclink", email, redirect_to: `${ctx.config.SITE_URL}/app/crm` });
    expect(again.redirect_to).toBe(`${ctx.config.SITE_URL}/app/crm`);
    expect((await follow(again.action_link)).location.startsWith(`${ctx.config.SITE_URL}/app/crm#`)).toBe(
      true,
    );
    expect(await mails(ctx, email)).toEqual([]);
  });

  it("makes recovery and invite links, and answers 404 for recovery of an unknown address", async () => {
    const email = uniqueEmail("gen-recovery");
    await createViaApi({ email, password: TEST_PASSWORD, email_confirm: true });
    const recovery = await generate({ type: "recovery", email });
    expect((await follow(recovery.action_link)).fragment.type).toBe("recovery");
    const missing = await service().post("/auth/v1/admin/generate_link", {
      type: "recovery",
      email: uniqueEmail(),
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      error_code: "user_not_found",
      msg: "User with this email not found",
    });

    const invitee = uniqueEmail("gen-invite");
    const invite = await generate({ type: "invite", email: invitee });
    expect(invite).toMatchObject({
      redirect_to: `${ctx.config.SITE_URL}/auth/set-password`,
      invited_at: expect.any(String),
    });
    expect((await follow(invite.action_link)).fragment.type).toBe("invite");
    expect(await mails(ctx, invitee)).toEqual([]);
    expect(await auditDetails("link_generated")).toContainEqual(
      expect.objectContaining({ by: "service_role", target_email: invitee, type: "invite", created: true }),
    );
  });

  it("makes both e-mail change links; the address changes once both are followed", async () => {
    const email = uniqueEmail("gen-change");
    const newEmail = uniqueEmail("gen-changed");
    await createViaApi({ email, password: TEST_PASSWORD, email_confirm: true });
    const toNew = await generate({ type: "email_change_new", email, new_email: newEmail });
    const toCurrent = await generate({ type: "email_change_current", email, new_email: newEmail });
    expect(toNew.new_email).toBe(newEmail);
    expect((await follow(toNew.action_link)).fragment.message).toEqual(expect.any(String));
    expect((await follow(toCurrent.action_link)).fragment.type).toBe("email_change");
    await signIn(ctx, newEmail, TEST_PASSWORD);
    const noNew = await service().post("/auth/v1/admin/generate_link", {
      type: "email_change_new",
      email: newEmail,
    });
    expect(noNew.status).toBe(400);
    expect(await mails(ctx, newEmail)).toEqual([]);
  });
});
