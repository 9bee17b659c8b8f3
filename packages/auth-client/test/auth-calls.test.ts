import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthRouteName } from "./fakes";
import {
  ANON_KEY,
  createFakeAuthServer,
  createFakeLocation,
  createMemoryStorage,
  createTestClient,
  type FakeAuthServer,
  type FakeHandler,
  makeJwt,
  makeSession,
  makeUser,
  readStoredSession,
  recordEvents,
  storeSession,
} from "./fakes";

const T0 = new Date("2030-01-01T00:00:00Z").getTime();
const FACTOR_ID = "22222222-2222-4222-8222-222222222222";
const CHALLENGE_ID = "33333333-3333-4333-8333-333333333333";

describe("calls, results and events", () => {
  let server: FakeAuthServer;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    expect(server.violations).toEqual([]);
    vi.useRealTimers();
  });

  function setUp(
    handlers: Partial<Record<AuthRouteName, FakeHandler>>,
    options: { signedIn?: boolean } = {},
  ) {
    server = createFakeAuthServer(handlers);
    const storage = createMemoryStorage();
    const session = options.signedIn ? makeSession(3600) : null;
    if (session) storeSession(storage, session);
    const { location, history } = createFakeLocation("https://app.example/auth");
    const client = createTestClient(server, { storage, location, history, autoRefreshToken: false });
    return { client, storage, session, recorder: recordEvents(client) };
  }

  it("signInWithPassword posts the password grant, stores the session and emits SIGNED_IN", async () => {
    const issued = makeSession(3600);
    const { client, storage, recorder } = setUp({ issueToken: () => ({ status: 200, body: issued }) });
    const { data, error } = await client.signInWithPassword({
      email: "ada@example.com",
      password: "correct horse",
    });

    expect(error).toBeNull();
    expect(data.session).toEqual(issued);
    expect(data.weakPassword).toBeNull();
    const [request] = server.requests;
    expect(request).toMatchObject({
      route: "issueToken",
      query: { grant_type: "password" },
      body: { email: "ada@example.com", password: "correct horse" },
    });
    expect(request?.headers.apikey).toBe(ANON_KEY);
    expect(request?.headers.authorization).toBeUndefined();
    expect(readStoredSession(storage)).toEqual(issued);
    expect(recorder.names()).toEqual(["INITIAL_SESSION", "SIGNED_IN"]);
  });

  it("a wrong password returns the server's error and changes nothing", async () => {
    const { client, storage, recorder } = setUp({
      issueToken: () => ({
        status: 400,
        body: { code: "invalid_credentials", message: "Invalid login credentials" },
      }),
    });
    const { data, error } = await client.signInWithPassword({ email: "ada@example.com", password: "nope" });
    expect(data).toEqual({ user: null, session: null, weakPassword: null });
    expect(error).toMatchObject({
      status: 400,
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });
    expect(readStoredSession(storage)).toBeNull();
    expect(recorder.names()).toEqual(["INITIAL_SESSION"]);
  });

  it("signUp sends full_name and returns to /app on this origin by default; no session until confirmed", async () => {
    const { client, recorder } = setUp({
      signUp: () => ({ status: 200, body: makeUser({ email_confirmed_at: null }) }),
    });
    const { data, error } = await client.signUp({
      email: "ada@example.com",
      password: "a long passphrase",
      options: { data: { full_name: "Ada Lovelace" } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe("ada@example.com");
    expect(server.requests[0]).toMatchObject({
      route: "signUp",
      query: { redirect_to: "https://app.example/app" },
      body: { email: "ada@example.com", password: "a long passphrase", data: { full_name: "Ada Lovelace" } },
    });
    expect(recorder.names()).toEqual(["INITIAL_SESSION"]);
  });

  it("signUp with autoconfirm signs in at once", async () => {
    const issued = makeSession(3600);
    const { client, recorder } = setUp({ signUp: () => ({ status: 200, body: issued }) });
    const { data } = await client.signUp({
      email: "ada@example.com",
      password: "a long passphrase",
      options: { emailRedirectTo: "https://app.example/app/welcome" },
    });
    expect(data.session).toEqual(issued);
    expect(server.requests[0]?.query).toEqual({ redirect_to: "https://app.example/app/welcome" });
    expect(recorder.names()).toEqual(["INITIAL_SESSION", "SIGNED_IN"]);
  });

  it("signUp surfaces weak_password with its reasons", async () => {
    const { client } = setUp({
      signUp: () => ({
        status: 422,
        body: {
          code: "weak_password",
          message: "Password should be at least 8 characters.",
          weak_password: { message: "Password should be at least 8 characters.", reasons: ["length"] },
        },
      }),
    });
    const { error } = await client.signUp({ email: "ada@example.com", password: "short" });
    expect(error).toMatchObject({ status: 422, code: "weak_password", reasons: ["length"] });
  });

  it("signInWithOtp asks for a magic link back to /app", async () => {
    const { client, recorder } = setUp({ sendMagicLink: () => ({ status: 200, body: {} }) });
    const { data, error } = await client.signInWithOtp({ email: "ada@example.com" });
    expect({ data, error }).toEqual({ data: { user: null, session: null }, error: null });
    expect(server.requests[0]).toMatchObject({
      route: "sendMagicLink",
      query: { redirect_to: "https://app.example/app" },
      body: { email: "ada@example.com" },
    });
    expect(recorder.names()).toEqual(["INITIAL_SESSION"]);
  });

  it("verifyOtp of a recovery token emits PASSWORD_RECOVERY", async () => {
    const { client, recorder } = setUp({ verifyOtp: () => ({ status: 200, body: makeSession(3600) }) });
    const { error } = await client.verifyOtp({ type: "recovery", token_hash: "hash" });
    expect(error).toBeNull();
    expect(server.requests[0]?.body).toEqual({ type: "recovery", token_hash: "hash" });
    expect(recorder.names()).toEqual(["INITIAL_SESSION", "PASSWORD_RECOVERY"]);
  });

  it("verifyOtp of the first e-mail change confirmation answers no session and keeps this one", async () => {
    const message = "Confirmation link accepted. Please proceed to confirm link sent to the other email";
    const { client, storage, session, recorder } = setUp(
      { verifyOtp: () => ({ status: 200, body: { msg: message, code: 200 } }) },
      { signedIn: true },
    );
    const { data, error } = await client.verifyOtp({ type: "email_change", token_hash: "hash" });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    expect(readStoredSession(storage)).toEqual(session);
    expect(recorder.names()).toEqual(["INITIAL_SESSION"]);
  });

  it.each([
    [undefined, "global"],
    ["local", "local"],
    [{ scope: "global" as const }, "global"],
  ] as const)("signOut(%j) ends the session on the server and here (scope=%s)", async (argument, scope) => {
    const { client, storage, session, recorder } = setUp(
      { signOut: () => ({ status: 204 }) },
      { signedIn: true },
    );
    const { error } = await client.signOut(argument);
    expect(error).toBeNull();
    expect(server.requests[0]).toMatchObject({ route: "signOut", query: { scope }, body: undefined });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${session?.access_token}`);
    expect(readStoredSession(storage)).toBeNull();
    expect(recorder.names()).toEqual(["INITIAL_SESSION", "SIGNED_OUT"]);
  });

  it("signOut('others') keeps this session", async () => {
    const { client, storage, session, recorder } = setUp(
      { signOut: () => ({ status: 204 }) },
      { signedIn: true },
    );
    await client.signOut("others");
    expect(server.requests[0]?.query).toEqual({ scope: "others" });
    expect(readStoredSession(storage)).toEqual(session);
    expect(recorder.names()).toEqual(["INITIAL_SESSION"]);
  });

  it("signOut treats 401 as already signed out, but keeps the session when the server cannot be reached", async () => {
    const gone = setUp(
      { signOut: () => ({ status: 401, body: { code: "session_not_found", message: "x" } }) },
      { signedIn: true },
    );
    expect((await gone.client.signOut()).error).toBeNull();
    expect(gone.recorder.names()).toEqual(["INITIAL_SESSION", "SIGNED_OUT"]);

    const offline = setUp({ signOut: () => "network-error" }, { signedIn: true });
    const { error } = await offline.client.signOut();
    expect(error).toMatchObject({ code: "network_error", status: 0 });
    expect(readStoredSession(offline.storage)).toEqual(offline.session);
    expect(offline.recorder.names()).toEqual(["INITIAL_SESSION"]);
  });

  it("updateUser sends the change with the bearer token and emits USER_UPDATED", async () => {
    const updated = makeUser({ user_metadata: { full_name: "Ada King" } });
    const { client, storage, session, recorder } = setUp(
      { updateUser: () => ({ status: 200, body: updated }) },
      { signedIn: true },
    );
    const { data, error } = await client.updateUser({ data: { full_name: "Ada King" } });
    expect(error).toBeNull();
    expect(data.user).toEqual(updated);
    expect(server.requests[0]).toMatchObject({
      route: "updateUser",
      body: { data: { full_name: "Ada King" } },
    });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${session?.access_token}`);
    expect(readStoredSession(storage)?.user).toEqual(updated);
    expect(recorder.names()).toEqual(["INITIAL_SESSION", "USER_UPDATED"]);
  });

  it("getUser and updateUser without a session answer session_missing", async () => {
    const { client } = setUp({});
    expect((await client.getUser()).error).toMatchObject({ code: "session_missing" });
    expect((await client.updateUser({ password: "x" })).error).toMatchObject({ code: "session_missing" });
    expect(await client.getAccessToken()).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it("reauthenticate asks the server to mail a nonce, with the bearer token", async () => {
    const { client, session } = setUp(
      { reauthenticate: () => ({ status: 200, body: {} }) },
      { signedIn: true },
    );
    expect(await client.reauthenticate()).toEqual({ error: null });
    expect(server.requests[0]).toMatchObject({ route: "reauthenticate" });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${session?.access_token}`);
  });

  it("listSessions and endSession read and end the user's own sessions", async () => {
    const listed = [
      {
        id: "44444444-4444-4444-8444-444444444444",
        created_at: "2030-01-01T00:00:00Z",
        refreshed_at: "2030-01-01T00:00:00Z",
        user_agent: "Mozilla/5.0",
        ip: "127.0.0.1",
        aal: "aal1" as const,
        current: true,
      },
    ];
    const { client, recorder } = setUp(
      {
        listUserSessions: () => ({ status: 200, body: listed }),
        endUserSession: (request) =>
          request.params.sessionId === listed[0]?.id
            ? { status: 204 }
            : { status: 404, body: { code: "session_not_found", message: "Session not found" } },
      },
      { signedIn: true },
    );
    expect(await client.listSessions()).toEqual({ data: { sessions: listed }, error: null });
    expect(await client.endSession(listed[0]?.id as string)).toEqual({ error: null });
    const missing = await client.endSession("55555555-5555-4555-8555-555555555555");
    expect(missing.error).toMatchObject({ status: 404, code: "session_not_found" });
    // Ending a session on the server is not signing this one out.
    expect(recorder.names()).toEqual(["INITIAL_SESSION"]);
  });

  it("getSettings reads back_office_aal without a session", async () => {
    const settings = {
      external: { email: true },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
      back_office_aal: "aal2" as const,
    };
    const { client } = setUp({ getSettings: () => ({ status: 200, body: settings }) });
    expect(await client.getSettings()).toEqual({ data: { settings }, error: null });
  });

  it("the account calls without a session answer session_missing and send nothing", async () => {
    const { client } = setUp({});
    expect((await client.reauthenticate()).error).toMatchObject({ code: "session_missing" });
    expect((await client.listSessions()).error).toMatchObject({ code: "session_missing" });
    expect((await client.endSession("x")).error).toMatchObject({ code: "session_missing" });
    expect(server.requests).toHaveLength(0);
  });

  it("getAccessToken hands out the current token for data calls", async () => {
    const { client, session } = setUp({}, { signedIn: true });
    expect(await client.getAccessToken()).toBe(session?.access_token);
  });

  it("a listener that unsubscribes hears nothing more, the others still do", async () => {
    const { client, recorder } = setUp({ issueToken: () => ({ status: 200, body: makeSession(3600) }) });
    const heard: string[] = [];
    const unsubscribe = client.onAuthStateChange((event) => heard.push(event));
    await client.initialize();
    await Promise.resolve();
    unsubscribe();
    await client.signInWithPassword({ email: "ada@example.com", password: "pw" });
    expect(heard).toEqual(["INITIAL_SESSION"]);
    expect(recorder.names()).toEqual(["INITIAL_SESSION", "SIGNED_IN"]);
  });

  describe("mfa", () => {
    it("enroll, challenge and verify; verify stores the aal2 session and emits MFA_CHALLENGE_VERIFIED", async () => {
      const aal2 = makeSession(3600, {
        access_token: makeJwt({ aal: "aal2", amr: [{ method: "totp", timestamp: T0 / 1000 }] }),
      });
      const { client, storage, recorder } = setUp(
        {
          enrollFactor: () => ({
            status: 200,
            body: {
              id: FACTOR_ID,
              type: "totp",
              friendly_name: "phone",
              totp: { qr_code: "<svg/>", secret: "S", uri: "otpauth://x" },
            },
          }),
          challengeFactor: () => ({
            status: 200,
            body: { id: CHALLENGE_ID, type: "totp", expires_at: T0 / 1000 + 300 },
          }),
          verifyFactor: () => ({ status: 200, body: aal2 }),
        },
        { signedIn: true },
      );

      const enrolled = await client.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
      expect(enrolled.data.factor?.totp.qr_code).toBe("data:image/svg+xml;utf-8,<svg/>");
      expect(server.requests[0]?.body).toEqual({ factor_type: "totp", friendly_name: "phone" });

      const verified = await client.mfa.challengeAndVerify({ factorId: FACTOR_ID, code: "123456" });
      expect(verified.error).toBeNull();
      expect(server.requests.map((r) => r.route)).toEqual([
        "enrollFactor",
        "challengeFactor",
        "verifyFactor",
      ]);
      expect(server.requests[2]).toMatchObject({
        params: { factorId: FACTOR_ID },
        body: { challenge_id: CHALLENGE_ID, code: "123456" },
      });
      expect(readStoredSession(storage)).toEqual(aal2);
      expect(recorder.names()).toEqual(["INITIAL_SESSION", "MFA_CHALLENGE_VERIFIED"]);

      expect(client.mfa.getAuthenticatorAssuranceLevel().data).toEqual({
        currentLevel: "aal2",
        nextLevel: "aal2",
        currentAuthenticationMethods: [{ method: "totp", timestamp: T0 / 1000 }],
      });
    });

    it("listFactors reads verified factors from the server; unenroll removes one", async () => {
      const factor = {
        id: FACTOR_ID,
        friendly_name: "phone",
        factor_type: "totp" as const,
        status: "verified" as const,
        created_at: "2030-01-01T00:00:00Z",
        updated_at: "2030-01-01T00:00:00Z",
      };
      const { client } = setUp(
        {
          getUser: () => ({ status: 200, body: makeUser({ factors: [factor] }) }),
          unenrollFactor: () => ({ status: 200, body: { id: FACTOR_ID } }),
        },
        { signedIn: true },
      );
      const listed = await client.mfa.listFactors();
      expect(listed.data).toEqual({ all: [factor], totp: [factor], phone: [] });
      expect(client.mfa.getAuthenticatorAssuranceLevel().data).toMatchObject({
        currentLevel: "aal1",
        nextLevel: "aal1",
      });

      const removed = await client.mfa.unenroll({ factorId: FACTOR_ID });
      expect(removed.data).toEqual({ id: FACTOR_ID });
      expect(server.requests[1]).toMatchObject({ route: "unenrollFactor", params: { factorId: FACTOR_ID } });
    });

    it("a locked factor's refusal carries how long the lock lasts", async () => {
      const { client } = setUp(
        {
          challengeFactor: () => ({
            status: 429,
            body: { code: "mfa_factor_locked", message: "Too many invalid codes" },
            headers: { "retry-after": "840" },
          }),
        },
        { signedIn: true },
      );
      const { error } = await client.mfa.challengeAndVerify({ factorId: FACTOR_ID, code: "123456" });
      expect(error).toMatchObject({ status: 429, code: "mfa_factor_locked", retryAfterSeconds: 840 });
    });
  });
});
