import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { challengeFor, generateCodeVerifier } from "../src/pkce";
import type { AuthClientOptions, Session } from "../src/types";
import type { AuthRouteName } from "./fakes";
import {
  createFakeAuthServer,
  createMemoryStorage,
  createTestClient,
  type FakeAuthServer,
  type FakeHandler,
  type FakeRequest,
  makeSession,
  readStoredSession,
  recordEvents,
  storeSession,
} from "./fakes";

const T0 = new Date("2030-01-01T00:00:00Z").getTime();
const VERIFIER_KEY = "app-auth-token-code-verifier";
/** RFC 7636's worked example (appendix B). */
const RFC_VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const RFC_CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
/** Checked against the RFC's example in the last tests, then trusted to compute the challenges here. */
const s256 = async (verifier: string) => (await challengeFor(verifier)).code_challenge;

type ChallengeBody = { code_challenge?: string; code_challenge_method?: string };
const bodyOf = (request: FakeRequest | undefined) => (request?.body ?? {}) as ChallengeBody;

describe("PKCE calls", () => {
  let server: FakeAuthServer;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    expect(server.violations).toEqual([]);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const ok: FakeHandler = () => ({ status: 200, body: {} });

  function setUp(
    handlers: Partial<Record<AuthRouteName, FakeHandler>>,
    options: Partial<AuthClientOptions> = { flowType: "pkce" },
    signedIn?: Session,
  ) {
    server = createFakeAuthServer(handlers);
    const storage = createMemoryStorage();
    if (signedIn) storeSession(storage, signedIn);
    const client = createTestClient(server, { storage, autoRefreshToken: false, ...options });
    return { client, storage, recorder: recordEvents(client) };
  }

  it("signInWithOtp sends the s256 challenge of a verifier kept in storage; the exchange signs in", async () => {
    const issued = makeSession(3600);
    const { client, storage, recorder } = setUp({
      sendMagicLink: ok,
      issueToken: () => ({ status: 200, body: issued }),
    });
    expect((await client.signInWithOtp({ email: "ada@example.com" })).error).toBeNull();
    const verifier = storage.getItem(VERIFIER_KEY) ?? "";
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(bodyOf(server.requests[0])).toMatchObject({
      code_challenge: await s256(verifier),
      code_challenge_method: "s256",
    });

    const { data, error } = await client.exchangeCodeForSession("the-auth-code");
    expect(error).toBeNull();
    expect(data).toEqual({ session: issued, user: issued.user, redirectType: null });
    expect(server.requestsTo("issueToken")[0]).toMatchObject({
      query: { grant_type: "pkce" },
      body: { auth_code: "the-auth-code", code_verifier: verifier },
    });
    expect(readStoredSession(storage)).toEqual(issued);
    expect(storage.getItem(VERIFIER_KEY)).toBeNull();
    expect(recorder.names()).toEqual(["INITIAL_SESSION", "SIGNED_IN"]);
  });

  it("the verifier outlives the page: a client created after the redirect exchanges the code", async () => {
    const issued = makeSession(3600);
    const { client, storage } = setUp({ signUp: () => ({ status: 200, body: issued.user }) });
    await client.signUp({ email: "ada@example.com", password: "a long passphrase" });
    expect(bodyOf(server.requests[0]).code_challenge).toBe(await s256(storage.getItem(VERIFIER_KEY) ?? ""));
    client.dispose();

    const after = createTestClient(
      createFakeAuthServer({ issueToken: () => ({ status: 200, body: issued }) }),
      { storage, flowType: "pkce", autoRefreshToken: false },
    );
    const { data, error } = await after.exchangeCodeForSession("code-from-the-link");
    expect(error).toBeNull();
    expect(data.session).toEqual(issued);
    expect(storage.getItem(VERIFIER_KEY)).toBeNull();
    expect(readStoredSession(storage)).toEqual(issued);
  });

  it("resetPasswordForEmail marks the flow as recovery: PASSWORD_RECOVERY, and the bare verifier is sent", async () => {
    const issued = makeSession(3600);
    const { client, storage, recorder } = setUp({
      recoverPassword: ok,
      issueToken: () => ({ status: 200, body: issued }),
    });
    await client.resetPasswordForEmail("ada@example.com", { redirectTo: "https://app.example/reset" });
    const stored = storage.getItem(VERIFIER_KEY) ?? "";
    expect(stored).toMatch(/\/recovery$/);
    const verifier = stored.replace(/\/recovery$/, "");
    expect(bodyOf(server.requests[0]).code_challenge).toBe(await s256(verifier));

    const { data } = await client.exchangeCodeForSession("code");
    expect(data.redirectType).toBe("recovery");
    expect(server.requestsTo("issueToken")[0]?.body).toEqual({ auth_code: "code", code_verifier: verifier });
    expect(recorder.names()).toEqual(["INITIAL_SESSION", "PASSWORD_RECOVERY"]);
  });

  it("resend of either mail, and an e-mail change, take a challenge; other user updates do not", async () => {
    const session = makeSession(3600);
    const { client, storage } = setUp(
      { resend: ok, updateUser: () => ({ status: 200, body: session.user }) },
      { flowType: "pkce" },
      session,
    );
    await client.resend({ type: "signup", email: "ada@example.com" });
    await client.resend({ type: "email_change", email: "ada@example.com" });
    for (const request of server.requestsTo("resend")) {
      expect(bodyOf(request).code_challenge_method).toBe("s256");
    }
    await client.updateUser({ email: "ada@new.example" });
    const moved = server.requestsTo("updateUser")[0];
    expect(bodyOf(moved).code_challenge).toBe(await s256(storage.getItem(VERIFIER_KEY) ?? ""));
    await client.updateUser({ data: { nickname: "Ada" } });
    expect(bodyOf(server.requestsTo("updateUser")[1]).code_challenge).toBeUndefined();
  });

  it("a newer request replaces the pending verifier", async () => {
    const { client, storage } = setUp({ sendMagicLink: ok });
    await client.signInWithOtp({ email: "ada@example.com" });
    const first = storage.getItem(VERIFIER_KEY);
    await client.signInWithOtp({ email: "ada@example.com" });
    const second = storage.getItem(VERIFIER_KEY);
    expect(second).not.toBe(first);
    expect(bodyOf(server.requests[1]).code_challenge).toBe(await s256(second ?? ""));
  });

  it("the implicit flow (the default) sends no challenge and stores no verifier", async () => {
    const { client, storage } = setUp(
      { sendMagicLink: ok, signUp: () => ({ status: 200, body: makeSession(60).user }), recoverPassword: ok },
      {},
    );
    await client.signInWithOtp({ email: "ada@example.com" });
    await client.signUp({ email: "ada@example.com", password: "a long passphrase" });
    await client.resetPasswordForEmail("ada@example.com");
    for (const request of server.requests) {
      expect(Object.keys(request.body as object)).not.toContain("code_challenge");
    }
    expect(storage.getItem(VERIFIER_KEY)).toBeNull();
  });

  it("without a stored verifier the exchange fails before any request", async () => {
    const { client, recorder } = setUp({});
    const { data, error } = await client.exchangeCodeForSession("code");
    expect(data).toEqual({ session: null, user: null, redirectType: null });
    expect(error).toMatchObject({ code: "pkce_code_verifier_not_found", status: 400 });
    expect(server.requests).toEqual([]);
    expect(recorder.names()).toEqual(["INITIAL_SESSION"]);
  });

  it("a refused code returns the server's error, stores no session and spends the verifier", async () => {
    const { client, storage, recorder } = setUp({
      sendMagicLink: ok,
      issueToken: () => ({
        status: 400,
        body: {
          code: "bad_code_verifier",
          message: "code challenge does not match previously saved code verifier",
        },
      }),
    });
    await client.signInWithOtp({ email: "ada@example.com" });
    const { data, error } = await client.exchangeCodeForSession("code");
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 400, code: "bad_code_verifier" });
    expect(readStoredSession(storage)).toBeNull();
    expect(storage.getItem(VERIFIER_KEY)).toBeNull();
    expect(recorder.names()).toEqual(["INITIAL_SESSION"]);
  });

  it("after a network failure the verifier is kept and the same call succeeds when tried again", async () => {
    const issued = makeSession(3600);
    let attempts = 0;
    const { client, storage } = setUp({
      sendMagicLink: ok,
      issueToken: () => (++attempts === 1 ? "network-error" : { status: 200, body: issued }),
    });
    await client.signInWithOtp({ email: "ada@example.com" });
    const verifier = storage.getItem(VERIFIER_KEY);
    const failed = await client.exchangeCodeForSession("code");
    expect(failed.error?.code).toBe("network_error");
    expect(storage.getItem(VERIFIER_KEY)).toBe(verifier);
    const retried = await client.exchangeCodeForSession("code");
    expect(retried.error).toBeNull();
    expect(
      server.requestsTo("issueToken").map((r) => (r.body as { code_verifier: string }).code_verifier),
    ).toEqual([verifier, verifier]);
  });

  it("computes RFC 7636's s256 example", async () => {
    expect(await challengeFor(RFC_VERIFIER)).toEqual({
      code_challenge: RFC_CHALLENGE,
      code_challenge_method: "s256",
    });
    server = createFakeAuthServer({});
  });

  it("falls back to a plain challenge where WebCrypto has no digest (pages over plain http)", async () => {
    const verifier = generateCodeVerifier();
    vi.stubGlobal("crypto", { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(await challengeFor(verifier)).toEqual({
      code_challenge: verifier,
      code_challenge_method: "plain",
    });
    server = createFakeAuthServer({});
  });

  it("verifiers are fresh and within RFC 7636's length", () => {
    const seen = new Set(Array.from({ length: 50 }, generateCodeVerifier));
    expect(seen.size).toBe(50);
    for (const verifier of seen) expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    server = createFakeAuthServer({});
  });
});
