import { randomUUID } from "node:crypto";
import type { TeamMember } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tailAuditLog } from "../../src/modules/auth/admin";
import { createTestContext, TEST_PASSWORD, type TestContext, uniqueEmail } from "../helpers";
import {
  anon,
  bearer,
  challengeAndVerify,
  enrollTotp,
  fragmentOf,
  linkPath,
  mails,
  refresh,
  signIn,
  totpCode,
} from "./support";

let ctx: TestContext;
let admin: { id: string; email: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" }, seed: false });
  const account = await ctx.createUser({ role: "admin", email: uniqueEmail("first-admin") });
  admin = { ...account, token: (await signIn(ctx, account.email, account.password)).access_token };
});
afterAll(() => ctx.close());

const asAdmin = () => bearer(ctx, admin.token);

async function members(): Promise<TeamMember[]> {
  const res = await asAdmin().get("/api/team/members");
  expect(res.status, res.text).toBe(200);
  return res.body.members as TeamMember[];
}

/** The audit rows of `action` about `targetId`, oldest first. */
async function auditRows(action: string, targetId: string) {
  return (await tailAuditLog({ db: ctx.db, config: ctx.config }, 500))
    .filter((e) => e.action === action)
    .map((e) => ({ ...e, detail: JSON.parse(e.detail) as Record<string, unknown> }))
    .filter((e) => e.detail.target_id === targetId);
}

describe("the team list", () => {
  it("shows everyone with role, sign-in, invitation, block and factor state", async () => {
    const staff = await ctx.createUser({ role: "staff" });
    const session = await signIn(ctx, staff.email, staff.password);
    const factor = await enrollTotp(ctx, session.access_token, "Work phone");
    const list = await members();
    expect(list.find((m) => m.id === admin.id)).toMatchObject({
      email: admin.email,
      role: "admin",
      confirmed: true,
      banned_until: null,
      invited_at: null,
      last_sign_in_at: expect.any(String),
      factors: [],
    });
    expect(list.find((m) => m.id === staff.id)).toMatchObject({
      role: "staff",
      factors: [{ id: factor.id, friendly_name: "Work phone", factor_type: "totp", status: "unverified" }],
    });
  });

  it("is for administrators only", async () => {
    const staff = await ctx.userToken({ role: "staff" });
    const res = await bearer(ctx, staff).get("/api/team/members");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: "permission_denied", message: expect.any(String) });
    expect((await anon(ctx).get("/api/team/members")).status).toBe(401);
  });
});

describe("invitations", () => {
  it("invite with a role, mail a link to the set-password page, and refuse an address that has an account", async () => {
    const email = uniqueEmail("invitee");
    const res = await asAdmin().post("/api/team/invitations", { email: email.toUpperCase(), role: "staff" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      email,
      role: "staff",
      confirmed: false,
      invited_at: expect.any(String),
      last_sign_in_at: null,
    });
    const [mail] = await mails(ctx, email);
    expect(mail?.kind).toBe("invite");
    const followed = await request(ctx.app)
      .get(linkPath(mail?.link ?? ""))
      .redirects(0);
    const location = followed.headers.location as string;
    expect(location.startsWith(`${ctx.config.SITE_URL}/auth/set-password#`)).toBe(true);
    const { access_token: token } = fragmentOf(location);
    expect((await bearer(ctx, token ?? "").put("/auth/v1/user", { password: TEST_PASSWORD })).status).toBe(
      200,
    );
    const session = await signIn(ctx, email, TEST_PASSWORD);
    expect(session.user.app_metadata.role).toBe("staff");

    const again = await asAdmin().post("/api/team/invitations", { email, role: "admin" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: "member_exists", message: `${email} already has an account` });
    const [invited] = await auditRows("user_invited", res.body.id);
    expect(invited).toMatchObject({
      user_id: admin.id,
      email: admin.email,
      detail: { by: "admin", target_email: email, role: "staff", created: true },
    });
  });

  it("refuse a malformed address or role with a clear 400 and create nothing", async () => {
    const before = (await members()).length;
    const bad = await asAdmin().post("/api/team/invitations", { email: "not-an-address", role: "staff" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "invalid_body", message: expect.stringContaining("email") });
    const role = await asAdmin().post("/api/team/invitations", { email: uniqueEmail(), role: "owner" });
    expect(role.status).toBe(400);
    expect((await members()).length).toBe(before);
  });
});

describe("roles", () => {
  it("change a role, ending the person's sessions so the new role applies at once", async () => {
    const person = await ctx.createUser({ role: null });
    const session = await signIn(ctx, person.email, person.password);
    const res = await asAdmin().put(`/api/team/members/${person.id}/role`, { role: "staff" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: person.id, role: "staff" });
    expect((await bearer(ctx, session.access_token).get("/auth/v1/user")).status).toBe(403);
    const fresh = await signIn(ctx, person.email, person.password);
    expect(fresh.user.app_metadata.role).toBe("staff");
    const none = await asAdmin().put(`/api/team/members/${person.id}/role`, { role: null });
    expect(none.body.role).toBeNull();
    const rows = await auditRows("role_changed", person.id);
    expect(rows.map((r) => [r.user_id, r.detail.from, r.detail.to])).toEqual([
      [admin.id, null, "staff"],
      [admin.id, "staff", null],
    ]);
  });

  it("keep at least one administrator", async () => {
    const list = await members();
    const admins = list.filter((m) => m.role === "admin");
    expect(admins).toHaveLength(1);
    const res = await asAdmin().put(`/api/team/members/${admin.id}/role`, { role: "staff" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: "last_admin",
      message: "This is the last administrator: make someone else an administrator first",
    });
    expect((await members()).find((m) => m.id === admin.id)?.role).toBe("admin");
    expect(await auditRows("role_changed", admin.id)).toEqual([]);

    // With a second administrator the first may step down (and their own sessions end with the change).
    const second = await ctx.createUser({ role: "admin" });
    const secondToken = (await signIn(ctx, second.email, second.password)).access_token;
    const stepDown = await asAdmin().put(`/api/team/members/${admin.id}/role`, { role: "staff" });
    expect(stepDown.status).toBe(200);
    const ended = await asAdmin().get("/api/team/members");
    expect(ended.body.code).toBe("session_ended");
    const back = await bearer(ctx, secondToken).put(`/api/team/members/${admin.id}/role`, { role: "admin" });
    expect(back.status).toBe(200);
    admin.token = (await signIn(ctx, admin.email, TEST_PASSWORD)).access_token;
    expect((await members()).find((m) => m.id === admin.id)?.role).toBe("admin");
  });

  it("answer 404 for an unknown person and 400 for an id that is not a uuid", async () => {
    const unknown = await asAdmin().put(`/api/team/members/${randomUUID()}/role`, { role: "staff" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: "user_not_found", message: "User not found" });
    const malformed = await asAdmin().put("/api/team/members/42/role", { role: "staff" });
    expect(malformed.status).toBe(400);
  });
});

describe("deleting an account", () => {
  it("deletes an account nobody gave a role, and refuses a colleague's until the role is taken away", async () => {
    const signUp = await ctx.createUser({ role: null });
    const gone = await asAdmin().delete(`/api/team/members/${signUp.id}`);
    expect(gone.status, gone.text).toBe(204);
    expect((await members()).some((m) => m.id === signUp.id)).toBe(false);
    expect(await signInStatus(signUp.email, signUp.password)).toBe(400);
    expect((await auditRows("user_deleted", signUp.id)).map((r) => r.user_id)).toEqual([admin.id]);

    const colleague = await ctx.createUser({ role: "staff" });
    const refused = await asAdmin().delete(`/api/team/members/${colleague.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "invalid_state",
      message: "Take this person's role away before deleting their account",
    });
    expect((await members()).find((m) => m.id === colleague.id)?.role).toBe("staff");
    expect((await asAdmin().delete(`/api/team/members/${randomUUID()}`)).status).toBe(404);
    const staffToken = (await signIn(ctx, colleague.email, colleague.password)).access_token;
    const notAdmin = await bearer(ctx, staffToken).delete(`/api/team/members/${colleague.id}`);
    expect(notAdmin.status).toBe(403);
  });
});

async function signInStatus(email: string, password: string) {
  return (await anon(ctx).post("/auth/v1/token?grant_type=password", { email, password })).status;
}

describe("blocking", () => {
  it("blocks someone until unblocked: sign-in and refresh refused at once, then restored", async () => {
    const person = await ctx.createUser({ role: "staff" });
    const session = await signIn(ctx, person.email, person.password);
    const res = await asAdmin().post(`/api/team/members/${person.id}/ban`, {});
    expect(res.status, res.text).toBe(200);
    expect(Date.parse(res.body.banned_until ?? "")).toBeGreaterThan(ctx.clock.now() + 50 * 365 * 24 * 3600e3);
    expect((await bearer(ctx, session.access_token).get("/auth/v1/user")).status).toBe(403);
    expect((await refresh(ctx, session.refresh_token)).body.error_code).toBe("user_banned");
    const signInRes = await anon(ctx).post("/auth/v1/token?grant_type=password", {
      email: person.email,
      password: person.password,
    });
    expect(signInRes.body.error_code).toBe("user_banned");
    expect((await members()).find((m) => m.id === person.id)?.banned_until).toEqual(res.body.banned_until);

    const lifted = await asAdmin().delete(`/api/team/members/${person.id}/ban`);
    expect(lifted.status).toBe(200);
    expect(lifted.body.banned_until).toBeNull();
    await signIn(ctx, person.email, person.password);
    expect((await auditRows("user_banned", person.id))[0]).toMatchObject({
      user_id: admin.id,
      detail: { by: "admin", target_email: person.email, ended_sessions: 1 },
    });
    expect(await auditRows("user_unbanned", person.id)).toHaveLength(1);
  });

  it("refuses an administrator blocking themselves", async () => {
    const res = await asAdmin().post(`/api/team/members/${admin.id}/ban`, {});
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: "self_ban", message: "You cannot block your own account" });
    expect((await members()).find((m) => m.id === admin.id)?.banned_until).toBeNull();
    expect((await asAdmin().get("/api/team/members")).status).toBe(200);
  });
});

describe("second factors", () => {
  it("removes someone's lost factor; an unknown factor answers 404", async () => {
    const person = await ctx.createUser({ role: "staff" });
    const session = await signIn(ctx, person.email, person.password);
    const factor = await enrollTotp(ctx, session.access_token);
    const verified = await challengeAndVerify(
      ctx,
      session.access_token,
      factor.id,
      totpCode(factor.totp.secret, ctx.clock.now()),
    );
    expect(verified.status).toBe(200);
    expect((await members()).find((m) => m.id === person.id)?.factors).toEqual([
      expect.objectContaining({ id: factor.id, status: "verified", friendly_name: null }),
    ]);
    const unknown = await asAdmin().delete(`/api/team/members/${person.id}/factors/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("mfa_factor_not_found");
    const res = await asAdmin().delete(`/api/team/members/${person.id}/factors/${factor.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: person.id, factors: [] });
    expect((await auditRows("factor_removed", person.id))[0]).toMatchObject({
      user_id: admin.id,
      detail: { by: "admin", factor_id: factor.id, factor_type: "totp" },
    });
  });
});

describe("two administrators demoting each other at once", () => {
  it("leave one administrator, never none", async () => {
    const pair = await Promise.all([ctx.createUser({ role: "admin" }), ctx.createUser({ role: "admin" })]);
    const [a, b] = await Promise.all(pair.map((p) => signIn(ctx, p.email, p.password)));
    // Only these two are administrators now.
    for (const m of await members()) {
      if (m.role === "admin" && !pair.some((p) => p.id === m.id)) {
        const res = await bearer(ctx, a?.access_token ?? "").put(`/api/team/members/${m.id}/role`, {
          role: "staff",
        });
        expect(res.status).toBe(200);
      }
    }
    const answers = await Promise.all([
      bearer(ctx, a?.access_token ?? "").put(`/api/team/members/${pair[1]?.id}/role`, { role: "staff" }),
      bearer(ctx, b?.access_token ?? "").put(`/api/team/members/${pair[0]?.id}/role`, { role: "staff" }),
    ]);
    expect(answers.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    const admins = await ctx.db
      .selectFrom("users")
      .select("raw_app_meta_data")
      .where(
        "id",
        "in",
        pair.map((p) => p.id),
      )
      .execute();
    expect(admins.filter((u) => JSON.parse(u.raw_app_meta_data).role === "admin")).toHaveLength(1);
  });
});
