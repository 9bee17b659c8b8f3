import { GoTrueAdminApi, GoTrueClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type TestContext, uniqueEmail } from "../helpers";
import { type LiveServer, startLiveServer } from "../support/live-server";
import { fragmentOf, mails, totpCode } from "./support";

let live: LiveServer;
let ctx: TestContext;
let base: string;

beforeAll(async () => {
  live = await startLiveServer();
  ({ ctx, base } = live);
});
afterAll(() => live.close());

/** supabase-js's `auth.admin`, built as createClient(url, serviceRoleKey) builds it. */
const adminWith = (key: string) =>
  new GoTrueAdminApi({ url: `${base}/auth/v1`, headers: { apikey: key, Authorization: `Bearer ${key}` } });
const admin = () => adminWith(ctx.serviceRoleKey);

const client = () =>
  new GoTrueClient({
    url: `${base}/auth/v1`,
    headers: { apikey: ctx.anonKey, Authorization: `Bearer ${ctx.anonKey}` },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });

/** Follows a verify link over HTTP without following its redirect: the session in the fragment. */
async function follow(link: string) {
  const res = await fetch(link.replace(ctx.config.SITE_URL, base), { redirect: "manual" });
  expect(res.status).toBe(303);
  return fragmentOf(res.headers.get("location") ?? "");
}

describe("a stock @supabase/auth-js GoTrueAdminApi", () => {
  it("is refused with the anonymous key", async () => {
    const { data, error } = await adminWith(ctx.anonKey).listUsers();
    expect(data.users).toEqual([]);
    expect(error).toMatchObject({ status: 403, code: "not_admin", message: "User not allowed" });
  });

  it("creates, lists, reads, bans and deletes users", async () => {
    const email = uniqueEmail("authjs-admin");
    const created = await admin().createUser({
      email,
      password: TEST_PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: "Stock Admin" },
      app_metadata: { role: "staff" },
    });
    expect(created.error).toBeNull();
    const user = created.data.user;
    expect(user).toMatchObject({ email, app_metadata: { role: "staff" } });
    if (!user) throw new Error("no user");

    for (let i = 0; i < 2; i++) await admin().createUser({ email: uniqueEmail("authjs-page") });
    const page = await admin().listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(2);
    if (!("total" in page.data)) throw new Error("no pagination");
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    expect(page.data.nextPage).toBe(2);
    expect(page.data.lastPage).toBe(Math.ceil(page.data.total / 2));

    expect((await admin().getUserById(user.id)).data.user?.email).toBe(email);

    const signedIn = await client().signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signedIn.error).toBeNull();
    const banned = await admin().updateUserById(user.id, { ban_duration: "876000h" });
    expect(banned.error).toBeNull();
    expect(banned.data.user?.banned_until).toEqual(expect.any(String));
    const refused = await client().signInWithPassword({ email, password: TEST_PASSWORD });
    expect(refused.error).toMatchObject({ status: 400, code: "user_banned" });
    const stale = await client().refreshSession({
      refresh_token: signedIn.data.session?.refresh_token ?? "",
    });
    expect(stale.error).toMatchObject({ code: "user_banned" });
    expect((await admin().updateUserById(user.id, { ban_duration: "none" })).error).toBeNull();
    expect((await client().signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();

    const deleted = await admin().deleteUser(user.id);
    expect(deleted.error).toBeNull();
    expect(deleted.data.user?.id).toBe(user.id);
    expect((await admin().getUserById(user.id)).error).toMatchObject({ status: 404, code: "user_not_found" });
  });

  it("invites by e-mail; the invited session sets its password", async () => {
    const email = uniqueEmail("authjs-invite");
    const invited = await admin().inviteUserByEmail(email, { data: { full_name: "Invited" } });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, invited_at: expect.any(String) });
    const [mail] = await mails(ctx, email);
    const session = await follow(mail?.link ?? "");
    expect(session.type).toBe("invite");
    const c = client();
    const set = await c.setSession({
      access_token: session.access_token ?? "",
      refresh_token: session.refresh_token ?? "",
    });
    expect(set.error).toBeNull();
    expect((await c.updateUser({ password: TEST_PASSWORD })).error).toBeNull();
    expect((await client().signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
  });

  it("generates links without mailing them", async () => {
    const email = uniqueEmail("authjs-link");
    const { data, error } = await admin().generateLink({
      type: "signup",
      email,
      password: TEST_PASSWORD,
      options: { redirectTo: `${ctx.config.SITE_URL}/app/crm` },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.properties).toMatchObject({
      verification_type: "signup",
      redirect_to: `${ctx.config.SITE_URL}/app/crm`,
      email_otp: expect.stringMatching(/^\d{6}$/),
    });
    const verified = await client().verifyOtp({
      type: "signup",
      token_hash: data.properties?.hashed_token ?? "",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);

    const magic = await admin().generateLink({ type: "magiclink", email });
    expect((await follow(magic.data.properties?.action_link ?? "")).type).toBe("magiclink");
    const recovery = await admin().generateLink({ type: "recovery", email: uniqueEmail("nobody") });
    expect(recovery.error).toMatchObject({ status: 404, code: "user_not_found" });
    expect(await mails(ctx, email)).toEqual([]);
  });

  it("lists and deletes a user's factors", async () => {
    const email = uniqueEmail("authjs-mfa");
    await admin().createUser({ email, password: TEST_PASSWORD, email_confirm: true });
    const c = client();
    const { data: signedIn } = await c.signInWithPassword({ email, password: TEST_PASSWORD });
    const userId = signedIn.user?.id ?? "";
    const enrolled = await c.mfa.enroll({ factorType: "totp", friendlyName: "Laptop" });
    if (enrolled.error || enrolled.data.type !== "totp") throw enrolled.error ?? new Error("not totp");
    const verified = await c.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: totpCode(enrolled.data.totp.secret, ctx.clock.now()),
    });
    expect(verified.error).toBeNull();

    const listed = await admin().mfa.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({ id: enrolled.data.id, friendly_name: "Laptop", status: "verified" }),
    ]);
    const removed = await admin().mfa.deleteFactor({ userId, id: enrolled.data.id });
    expect(removed.error).toBeNull();
    // auth-js wraps GoTrue's answer (the removed factor) once more when it has no transform for it.
    expect(removed.data).toMatchObject({ data: { id: enrolled.data.id } });
    expect((await admin().mfa.listFactors({ userId })).data?.factors).toEqual([]);
  });
});
