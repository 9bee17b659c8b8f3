import type { TeamActivityEntry } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, enrollTotp, fragmentOf, latestMail, linkPath, signIn } from "./auth/support";
import { createTestContext, TEST_PASSWORD, type TestContext, uniqueEmail } from "./helpers";

let ctx: TestContext;
let admin: { id: string; email: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" }, seed: false });
  const account = await ctx.createUser({ role: "admin", email: uniqueEmail("activity-admin") });
  admin = { ...account, token: (await signIn(ctx, account.email, account.password)).access_token };
});
afterAll(() => ctx.close());

const asAdmin = () => bearer(ctx, admin.token);

async function activity(page?: number): Promise<{ entries: TeamActivityEntry[]; total: number }> {
  const res = await asAdmin()
    .get("/api/team/activity")
    .query(page ? { page } : {});
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe("team activity", () => {
  it("lists every team change newest first: who, about whom, and what it set, without IPs", async () => {
    const email = uniqueEmail("colleague");
    const invited = await asAdmin().post("/api/team/invitations", { email, role: "staff" });
    expect(invited.status, invited.text).toBe(201);
    const id = invited.body.id as string;

    // The colleague follows the link and chooses a password, then enrols a factor and loses it.
    const followed = await request(ctx.app)
      .get(linkPath((await latestMail(ctx, email)).link ?? ""))
      .redirects(0);
    const { access_token: inviteToken } = fragmentOf(followed.headers.location as string);
    await bearer(ctx, inviteToken ?? "").put("/auth/v1/user", { password: TEST_PASSWORD });
    const session = await signIn(ctx, email, TEST_PASSWORD);
    const factor = await enrollTotp(ctx, session.access_token, "Work phone");

    expect((await asAdmin().put(`/api/team/members/${id}/role`, { role: "admin" })).status).toBe(200);
    expect((await asAdmin().delete(`/api/team/members/${id}/factors/${factor.id}`)).status).toBe(200);
    expect((await asAdmin().post(`/api/team/members/${id}/ban`, {})).status).toBe(200);
    expect((await asAdmin().delete(`/api/team/members/${id}/ban`)).status).toBe(200);

    const { entries } = await activity();
    const about = entries.filter((entry) => entry.target_email === email);
    expect(about.map(({ id: _id, created_at: _at, ...entry }) => entry)).toEqual([
      { action: "user_unbanned", actor_email: admin.email, target_email: email },
      { action: "user_banned", actor_email: admin.email, target_email: email },
      { action: "factor_removed", actor_email: admin.email, target_email: email, factor_name: "Work phone" },
      {
        action: "role_changed",
        actor_email: admin.email,
        target_email: email,
        from_role: "staff",
        to_role: "admin",
      },
      { action: "invite_accepted", actor_email: email, target_email: email },
      { action: "user_invited", actor_email: admin.email, target_email: email, role: "staff" },
    ]);
    expect(
      entries.flatMap(Object.keys).filter((key) => ["ip", "user_agent", "detail"].includes(key)),
    ).toEqual([]);
    // Sign-ins and password changes are the person's own business, not a team change.
    expect(entries.map((entry) => entry.action)).not.toContain("login");
  });

  it("pages by 50, with the total", async () => {
    const before = (await activity()).total;
    for (let i = before; i < 51; i += 1) {
      expect(
        (await asAdmin().post("/api/team/invitations", { email: uniqueEmail("page"), role: "staff" })).status,
      ).toBe(201);
    }
    const first = await activity(1);
    const total = first.total;
    expect(total).toBeGreaterThanOrEqual(51);
    expect(first.entries).toHaveLength(50);
    const second = await activity(2);
    expect(second.entries).toHaveLength(Math.min(50, total - 50));
    expect(second.entries[0]?.id).toBeLessThan(first.entries.at(-1)?.id ?? 0);
  });

  it("answers a page that is no number with a 400 in the API's shape", async () => {
    const res = await asAdmin().get("/api/team/activity").query({ page: "first" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
