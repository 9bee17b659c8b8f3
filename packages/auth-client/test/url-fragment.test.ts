import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createFakeAuthServer,
  createFakeLocation,
  createMemoryStorage,
  createTestClient,
  type FakeAuthServer,
  makeJwt,
  makeSession,
  makeUser,
  readStoredSession,
  recordEvents,
  storeSession,
} from "./fakes";

const T0 = new Date("2030-01-01T00:00:00Z").getTime();
const accessToken = makeJwt({ sub: makeUser().id, exp: T0 / 1000 + 3600 });

function sessionFragment(type: string, extra = "") {
  return `#access_token=${accessToken}&expires_at=${T0 / 1000 + 3600}&expires_in=3600&refresh_token=rt-from-link&token_type=bearer&type=${type}${extra}`;
}

describe("session in the URL fragment", () => {
  let server: FakeAuthServer;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    server = createFakeAuthServer({
      getUser: (request) =>
        request.headers.authorization === `Bearer ${accessToken}`
          ? { status: 200, body: makeUser() }
          : { status: 401, body: { code: "bad_jwt", message: "invalid JWT" } },
    });
  });
  afterEach(() => {
    expect(server.violations).toEqual([]);
    vi.useRealTimers();
  });

  it.each([
    ["magiclink", "SIGNED_IN"],
    ["signup", "SIGNED_IN"],
    ["recovery", "PASSWORD_RECOVERY"],
  ])(
    "picks up a %s link: user fetched, stored, %s after INITIAL_SESSION, fragment removed",
    async (type, event) => {
      const { location, history } = createFakeLocation(
        `https://app.example/app?tab=1${sessionFragment(type)}`,
      );
      const storage = createMemoryStorage();
      const client = createTestClient(server, { storage, location, history, autoRefreshToken: false });
      const { events, names } = recordEvents(client);

      const { data, error } = await client.initialize();
      expect(error).toBeNull();
      expect(data.redirectType).toBe(type);
      expect(server.requestsTo("getUser")).toHaveLength(1);
      expect(readStoredSession(storage)).toEqual({
        access_token: accessToken,
        refresh_token: "rt-from-link",
        expires_in: 3600,
        expires_at: T0 / 1000 + 3600,
        token_type: "bearer",
        user: makeUser(),
      });
      expect(names()).toEqual(["INITIAL_SESSION", event]);
      expect(events[1]?.session?.refresh_token).toBe("rt-from-link");
      expect(history.replaced).toEqual(["/app?tab=1"]);
      expect(location.hash).toBe("");
    },
  );

  it("derives expires_at from expires_in when the link has none", async () => {
    const fragment = `#access_token=${accessToken}&expires_in=3600&refresh_token=rt&token_type=bearer&type=magiclink`;
    const { location, history } = createFakeLocation(`https://app.example/app${fragment}`);
    const client = createTestClient(server, { location, history, autoRefreshToken: false });
    const { data } = await client.initialize();
    expect(data.session?.expires_at).toBe(T0 / 1000 + 3600);
  });

  it("surfaces an error fragment, removes it and keeps whatever session was stored", async () => {
    const { location, history } = createFakeLocation(
      "https://app.example/app#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired",
    );
    const storage = createMemoryStorage();
    const kept = makeSession(3600);
    storeSession(storage, kept);
    const client = createTestClient(server, { storage, location, history, autoRefreshToken: false });
    const { names } = recordEvents(client);

    const { data, error } = await client.initialize();
    expect(error).toMatchObject({
      code: "otp_expired",
      message: "Email link is invalid or has expired",
      status: 0,
    });
    expect(data.session).toEqual(kept);
    expect(history.replaced).toEqual(["/app"]);
    expect(server.requests).toHaveLength(0);
    expect(names()).toEqual(["INITIAL_SESSION"]);
  });

  it("reports a link whose token the server rejects, and stores nothing", async () => {
    const fragment = "#access_token=forged&expires_in=3600&refresh_token=rt&token_type=bearer&type=magiclink";
    const { location, history } = createFakeLocation(`https://app.example/app${fragment}`);
    const storage = createMemoryStorage();
    const client = createTestClient(server, { storage, location, history, autoRefreshToken: false });
    const { data, error } = await client.initialize();
    expect(error).toMatchObject({ status: 401, code: "bad_jwt" });
    expect(data.session).toBeNull();
    expect(readStoredSession(storage)).toBeNull();
    expect(location.hash).toBe("");
  });

  it("leaves an ordinary in-page anchor alone", async () => {
    const { location, history } = createFakeLocation("https://app.example/#events");
    const client = createTestClient(server, { location, history, autoRefreshToken: false });
    await client.initialize();
    expect(history.replaced).toEqual([]);
    expect(location.hash).toBe("#events");
    expect(server.requests).toHaveLength(0);
  });

  it("a listener added after start-up still gets INITIAL_SESSION with the picked-up session", async () => {
    const { location, history } = createFakeLocation(
      `https://app.example/app${sessionFragment("magiclink")}`,
    );
    const client = createTestClient(server, { location, history, autoRefreshToken: false });
    await client.initialize();
    const { events } = recordEvents(client);
    await Promise.resolve();
    expect(events.map((e) => [e.event, e.session?.refresh_token])).toEqual([
      ["INITIAL_SESSION", "rt-from-link"],
    ]);
  });
});
