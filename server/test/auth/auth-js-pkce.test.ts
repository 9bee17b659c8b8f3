import { GoTrueClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type TestContext, uniqueEmail } from "../helpers";
import { type LiveServer, startLiveServer } from "../support/live-server";
import { latestMail } from "./support";

let live: LiveServer;
let ctx: TestContext;
let base: string;

beforeAll(async () => {
  live = await startLiveServer();
  ({ ctx, base } = live);
});
afterAll(() => live.close());

/**
 * A stock auth-js client in PKCE mode, its verifier kept in a storage of its own (as a browser's would be).
 * `withFlowIds`: auth-js's opt-in that adds its flow id to every redirect_to, to find the verifier again.
 */
function pkceClient(withFlowIds = false) {
  const stored = new Map<string, string>();
  return new GoTrueClient({
    url: `${base}/auth/v1`,
    headers: { apikey: ctx.anonKey, Authorization: `Bearer ${ctx.anonKey}` },
    flowType: "pkce",
    persistSession: true,
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    autoRefreshToken: false,
    detectSessionInUrl: false,
    experimental: { appendPkceFlowIdToRedirects: withFlowIds },
  });
}

/** Follows the mailed link over HTTP, as the browser would, and answers where the 303 sends it. */
async function followMailTo(email: string): Promise<URL> {
  const mail = await latestMail(ctx, email);
  const link = new URL(mail.link);
  const res = await fetch(`${base}${link.pathname}${link.search}`, { redirect: "manual" });
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location") ?? "");
}

describe("a stock @supabase/auth-js GoTrueClient with flowType 'pkce'", () => {
  it("signInWithOtp, then the link's ?code= exchanged for a session", async () => {
    const c = pkceClient(true);
    const email = uniqueEmail("authjs-pkce-otp");
    const sent = await c.signInWithOtp({
      email,
      options: { emailRedirectTo: "http://localhost:3000/app/callback?from=mail" },
    });
    expect(sent.error).toBeNull();

    const landed = await followMailTo(email);
    expect(landed.pathname).toBe("/app/callback");
    expect(landed.hash).toBe("");
    // The client's own parameters (its flow id among them) come back beside the code.
    expect(landed.searchParams.get("from")).toBe("mail");
    const flowId = landed.searchParams.get("sb_flow_id");
    expect(flowId).toBeTruthy();
    const code = landed.searchParams.get("code") ?? "";

    const exchanged = await c.exchangeCodeForSession(code, { flowId: flowId ?? undefined });
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
    expect((await c.getUser()).data.user?.email).toBe(email);

    // Single use: the same code again is refused, and the session in hand is untouched.
    const again = await pkceClient().exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();
    expect((await c.getSession()).data.session?.user.email).toBe(email);
  });

  it("signUp, then the confirmation link's code signs the new user in", async () => {
    const c = pkceClient();
    const email = uniqueEmail("authjs-pkce-signup");
    const signUp = await c.signUp({
      email,
      password: TEST_PASSWORD,
      options: { emailRedirectTo: "http://localhost:3000/app" },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();

    const landed = await followMailTo(email);
    // Without a flow id the client falls back to the verifier of its latest flow.
    const exchanged = await c.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
    const password = await pkceClient().signInWithPassword({ email, password: TEST_PASSWORD });
    expect(password.error).toBeNull();
  });

  it("resetPasswordForEmail, then the code gives a recovery session that sets a new password", async () => {
    const user = await ctx.createUser();
    const c = pkceClient(true);
    const reset = await c.resetPasswordForEmail(user.email, { redirectTo: "http://localhost:3000/reset" });
    expect(reset.error).toBeNull();

    const landed = await followMailTo(user.email);
    const exchanged = await c.exchangeCodeForSession(landed.searchParams.get("code") ?? "", {
      flowId: landed.searchParams.get("sb_flow_id") ?? undefined,
    });
    expect(exchanged.error).toBeNull();
    // auth-js answers the flow's type beside the session (not in its declared type).
    expect((exchanged.data as { redirectType?: string | null }).redirectType).toBe("recovery");
    expect(exchanged.data.user?.email).toBe(user.email);

    const updated = await c.updateUser({ password: "a fresh recovered passphrase 9" });
    expect(updated.error).toBeNull();
    const signIn = await pkceClient().signInWithPassword({
      email: user.email,
      password: "a fresh recovered passphrase 9",
    });
    expect(signIn.error).toBeNull();
  });

  it("updateUser({ email }): once both links are followed, the second one's code signs in at the new address", async () => {
    const user = await ctx.createUser();
    const c = pkceClient();
    expect((await c.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
    const next = uniqueEmail("authjs-pkce-moved");
    const requested = await c.updateUser({ email: next }, { emailRedirectTo: "http://localhost:3000/app" });
    expect(requested.error).toBeNull();
    await followMailTo(user.email);
    const landed = await followMailTo(next);
    const exchanged = await c.exchangeCodeForSession(landed.searchParams.get("code") ?? "");
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(next);
  });

  it("another client (no verifier of this flow) cannot use the code; the right client still can", async () => {
    const c = pkceClient();
    const email = uniqueEmail("authjs-pkce-other");
    expect((await c.signInWithOtp({ email })).error).toBeNull();
    const code = (await followMailTo(email)).searchParams.get("code") ?? "";

    const stranger = pkceClient();
    await stranger.signInWithOtp({ email: uniqueEmail("authjs-pkce-stranger") });
    const stolen = await stranger.exchangeCodeForSession(code);
    expect(stolen.error?.code).toBe("bad_code_verifier");
    expect(stolen.error?.status).toBe(400);

    const mine = await c.exchangeCodeForSession(code);
    expect(mine.error).toBeNull();
    expect(mine.data.session?.user.email).toBe(email);
  });
});
