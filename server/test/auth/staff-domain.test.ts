import { join } from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";
import { createUserAsAdmin, setUserRole } from "../../src/modules/auth/admin";
import { createTestContext, TEST_PASSWORD, TEST_SECRET, type TestContext, uniqueEmail } from "../helpers";
import { anon, bearer, decodeJwt, fragmentOf, latestMail, linkPath, mailCode, signIn } from "./support";

/**
 * STAFF_EMAIL_DOMAINS grants staff once, when a mailed link first proves the mailbox, and never again; the
 * password the role works with is chosen after that link (see role-takeover.test.ts).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false", STAFF_EMAIL_DOMAINS: "staff.example" } });
});
afterAll(() => ctx.close());

const staffAddress = (prefix: string) => uniqueEmail(prefix).replace("example.com", "staff.example");
const roleOf = (accessToken: string) => (decodeJwt(accessToken).app_metadata as { role?: string }).role;

async function followedLinkToken(email: string) {
  const res = await request(ctx.app).get(linkPath((await latestMail(ctx, email)).link));
  const fragment = fragmentOf(res.headers.location ?? "");
  expect(fragment.access_token, res.headers.location).toEqual(expect.any(String));
  return fragment.access_token ?? "";
}

/** Signs up, follows the confirmation (which grants staff and drops the sign-up's password), sets one. */
async function confirmedStaff() {
  const email = staffAddress("crew");
  await anon(ctx).post("/auth/v1/signup", { email, password: TEST_PASSWORD });
  const token = await followedLinkToken(email);
  expect(roleOf(token)).toBe("staff");
  expect((await bearer(ctx, token).put("/auth/v1/user", { password: TEST_PASSWORD })).status).toBe(200);
  return email;
}

describe("config", () => {
  it("refuses AUTH_AUTOCONFIRM=true with STAFF_EMAIL_DOMAINS, naming both", () => {
    const env = {
      AUTH_AUTOCONFIRM: "true",
      STAFF_EMAIL_DOMAINS: "staff.example",
      JWT_SECRET: TEST_SECRET,
      DATABASE_URL: join(ctx.dir, "other.db"),
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/AUTH_AUTOCONFIRM.*STAFF_EMAIL_DOMAINS/);
    expect(loadConfig({ ...env, STAFF_EMAIL_DOMAINS: "" }).AUTH_AUTOCONFIRM).toBe(true);
  });
});

describe("a role removed by an operator stays removed", () => {
  it("through a magic link, its code, and a recovery link", async () => {
    const email = await confirmedStaff();
    await setUserRole({ db: ctx.db, config: ctx.config }, { email, role: null });

    await anon(ctx).post("/auth/v1/otp", { email });
    expect(roleOf(await followedLinkToken(email))).toBeUndefined();

    await anon(ctx).post("/auth/v1/otp", { email });
    const code = mailCode(await latestMail(ctx, email));
    const byCode = await anon(ctx).post("/auth/v1/verify", { type: "email", email, token: code });
    expect(byCode.status, byCode.text).toBe(200);
    expect(roleOf(byCode.body.access_token)).toBeUndefined();

    await anon(ctx).post("/auth/v1/recover", { email });
    expect(roleOf(await followedLinkToken(email))).toBeUndefined();

    const session = await signIn(ctx, email, TEST_PASSWORD);
    expect(roleOf(session.access_token)).toBeUndefined();
    const talent = await bearer(ctx, session.access_token).get("/rest/v1/crm_contacts");
    expect(talent.status).toBe(403);
  });
});

describe("an e-mail change to a staff-domain address", () => {
  it("grants nothing: the rule applies at an account's first confirmation only", async () => {
    const user = await ctx.createUser();
    const session = await signIn(ctx, user.email, user.password);
    const next = staffAddress("mover");
    const res = await bearer(ctx, session.access_token).put("/auth/v1/user", { email: next });
    expect(res.status, res.text).toBe(200);
    // A secure change: the link to the current address first (no session yet), then the new one.
    await request(ctx.app).get(linkPath((await latestMail(ctx, user.email)).link));
    const token = await followedLinkToken(next);
    expect(decodeJwt(token).email).toBe(next);
    expect(roleOf(token)).toBeUndefined();
    expect(roleOf((await signIn(ctx, next, user.password)).access_token)).toBeUndefined();
  });
});

describe("pnpm cli users create", () => {
  it("gives exactly the role asked for, whatever the address's domain", async () => {
    const deps = { db: ctx.db, config: ctx.config };
    const none = staffAddress("made");
    const created = await createUserAsAdmin(deps, { email: none, password: TEST_PASSWORD, role: null });
    expect(created.role).toBeNull();
    expect(roleOf((await signIn(ctx, none, TEST_PASSWORD)).access_token)).toBeUndefined();
    // Nor does a later link grant it: the account was confirmed when it was created.
    await anon(ctx).post("/auth/v1/otp", { email: none });
    expect(roleOf(await followedLinkToken(none))).toBeUndefined();

    const staff = staffAddress("made");
    await createUserAsAdmin(deps, { email: staff, password: TEST_PASSWORD, role: "staff" });
    expect(roleOf((await signIn(ctx, staff, TEST_PASSWORD)).access_token)).toBe("staff");
  });
});
