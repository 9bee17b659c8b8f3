import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createFakeAuthServer,
  createMemoryStorage,
  createTestClient,
  type FakeAuthServer,
  type FakeReply,
  makeSession,
  readStoredSession,
  recordEvents,
  rotatingRefresh,
  storeSession,
} from "./fakes";

const T0 = new Date("2030-01-01T00:00:00Z").getTime();

describe("refresh: retries, back-off and when a session ends", () => {
  let server: FakeAuthServer;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    expect(server.violations).toEqual([]);
    vi.useRealTimers();
  });

  /** A client without the ticker, so only the test decides when to refresh. */
  function setUp(reply: () => FakeReply, expiresInSec = 60) {
    server = createFakeAuthServer({ issueToken: () => reply() });
    const storage = createMemoryStorage();
    const session = makeSession(expiresInSec);
    storeSession(storage, session);
    const client = createTestClient(server, { storage, autoRefreshToken: false });
    return { client, storage, session };
  }

  function attemptOffsets(): number[] {
    const attempts = server.refreshRequests();
    const first = attempts[0]?.at ?? 0;
    return attempts.map((r) => r.at - first);
  }

  it.each([
    ["a network error", 0, (): FakeReply => "network-error"],
    ["502", 502, (): FakeReply => ({ status: 502, body: "<html>Bad Gateway</html>" })],
    ["503", 503, (): FakeReply => ({ status: 503, body: { message: "unavailable" } })],
    ["504", 504, (): FakeReply => ({ status: 504 })],
  ])(
    "retries %s after 200, 400, 800 … ms while the next start stays within 30 s",
    async (_name, status, reply) => {
      const { client, storage, session } = setUp(reply);
      const { names } = recordEvents(client);
      const result = client.refreshSession();
      await vi.advanceTimersByTimeAsync(60_000);

      // Starts: 0, +200, +400, +800, +1600, +3200, +6400, +12800 = 25 400; the next (+25 600) would be at 51 s.
      expect(attemptOffsets()).toEqual([0, 200, 600, 1400, 3000, 6200, 12600, 25400]);
      const { error } = await result;
      expect(error?.status).toBe(status);
      // A gateway outage never ends a session: the token is kept for the next tick.
      expect(readStoredSession(storage)).toEqual(session);
      expect(names()).toEqual(["INITIAL_SESSION"]);
    },
  );

  it("counts the 30 s window from the first start, including time spent waiting for answers", async () => {
    const { client } = setUp(() => ({ status: 503, delayMs: 1_000 }));
    const result = client.refreshSession();
    await vi.advanceTimersByTimeAsync(60_000);
    // Each answer takes 1 s: starts at 0, 1.2, 2.6, 4.4, 7.0, 11.2, 18.6 s; the next would start at 32.4 s.
    expect(attemptOffsets()).toEqual([0, 1200, 2600, 4400, 7000, 11200, 18600]);
    expect((await result).error?.status).toBe(503);
  });

  it("stops retrying as soon as an attempt succeeds", async () => {
    let calls = 0;
    const fresh = makeSession(3600);
    const { client, storage } = setUp(() => (++calls < 3 ? "network-error" : { status: 200, body: fresh }));
    const { names } = recordEvents(client);
    const result = client.refreshSession();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attemptOffsets()).toEqual([0, 200, 600]);
    expect((await result).data.session?.refresh_token).toBe(fresh.refresh_token);
    expect(readStoredSession(storage)?.refresh_token).toBe(fresh.refresh_token);
    expect(names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED"]);
  });

  it.each([400, 401, 403, 422, 429, 500])(
    "does not retry a %i and keeps a still-valid token",
    async (status) => {
      const { client, storage, session } = setUp(() => ({
        status,
        body: { code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found" },
      }));
      const { names } = recordEvents(client);
      const result = client.refreshSession();
      await vi.advanceTimersByTimeAsync(40_000);
      expect(server.refreshRequests()).toHaveLength(1);
      const { error } = await result;
      expect(error).toMatchObject({ status, code: "refresh_token_not_found" });
      expect(readStoredSession(storage)).toEqual(session);
      expect(names()).toEqual(["INITIAL_SESSION"]);
    },
  );

  it("after a 400 tries again on the next tick and signs out only once the token has expired", async () => {
    server = createFakeAuthServer({
      issueToken: () => ({
        status: 400,
        body: { code: 400, error_code: "session_expired", msg: "Session expired" },
      }),
    });
    const storage = createMemoryStorage();
    storeSession(storage, makeSession(60));
    const client = createTestClient(server, { storage });
    const { events, names } = recordEvents(client);

    await vi.advanceTimersByTimeAsync(100); // start-up check: 60 s left, refused, token still valid
    expect(server.refreshRequests()).toHaveLength(1);
    expect(readStoredSession(storage)).not.toBeNull();

    await vi.advanceTimersByTimeAsync(30_000); // 30 s left: refused again, still kept
    expect(server.refreshRequests()).toHaveLength(2);
    expect(names()).toEqual(["INITIAL_SESSION"]);

    await vi.advanceTimersByTimeAsync(30_000); // expired: refused, session ends
    expect(server.refreshRequests()).toHaveLength(3);
    expect(names()).toEqual(["INITIAL_SESSION", "SIGNED_OUT"]);
    expect(events[1]?.session).toBeNull();
    expect(readStoredSession(storage)).toBeNull();

    await vi.advanceTimersByTimeAsync(5 * 60_000); // nothing left to refresh
    expect(server.refreshRequests()).toHaveLength(3);
    client.dispose();
  });

  it("keeps an expired session when the refresh failed only for network reasons", async () => {
    const { client, storage, session } = setUp(() => "network-error", -5);
    const { names } = recordEvents(client);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.refreshRequests().length).toBeGreaterThan(1);
    expect(readStoredSession(storage)).toEqual(session);
    expect(names()).toEqual(["INITIAL_SESSION"]);
  });

  it("at start-up refreshes an expired stored session before reporting INITIAL_SESSION", async () => {
    server = createFakeAuthServer({ issueToken: rotatingRefresh() });
    const storage = createMemoryStorage();
    storeSession(storage, makeSession(-10));
    const client = createTestClient(server, { storage, autoRefreshToken: false });
    const { events } = recordEvents(client);
    await vi.advanceTimersByTimeAsync(100);
    expect(events.map((e) => e.event)).toEqual(["INITIAL_SESSION"]);
    expect(events[0]?.session?.refresh_token).toBe(readStoredSession(storage)?.refresh_token);
    expect(server.refreshRequests()).toHaveLength(1);
  });

  it("at start-up drops an expired stored session the server refuses to refresh", async () => {
    const { client, storage } = setUp(
      () => ({ status: 400, body: { code: "refresh_token_not_found", message: "x" } }),
      -10,
    );
    const { events } = recordEvents(client);
    await vi.advanceTimersByTimeAsync(100);
    expect(events.map((e) => [e.event, e.session])).toEqual([["INITIAL_SESSION", null]]);
    expect(readStoredSession(storage)).toBeNull();
  });

  it("shares one request among concurrent callers (single flight)", async () => {
    server = createFakeAuthServer({ issueToken: rotatingRefresh() });
    const storage = createMemoryStorage();
    storeSession(storage, makeSession(60));
    const client = createTestClient(server, { storage, autoRefreshToken: false });
    await vi.advanceTimersByTimeAsync(0);

    const results = Promise.all([client.refreshSession(), client.refreshSession(), client.getSession()]);
    await vi.advanceTimersByTimeAsync(1_000);
    const [a, b, c] = await results;
    expect(server.refreshRequests()).toHaveLength(1);
    expect(a.data.session?.refresh_token).toBe(b.data.session?.refresh_token);
    expect(c.data.session?.refresh_token).toBe(a.data.session?.refresh_token);

    // A later call is a new flight.
    const later = client.refreshSession();
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await later).error).toBeNull();
    expect(server.refreshRequests()).toHaveLength(2);
  });

  it("getSession refreshes a token inside the 90 s zone and hands out a fresh one far from it", async () => {
    server = createFakeAuthServer({ issueToken: rotatingRefresh() });
    const storage = createMemoryStorage();
    const far = makeSession(91);
    storeSession(storage, far);
    const client = createTestClient(server, { storage, autoRefreshToken: false });
    const first = client.getAccessToken();
    await vi.advanceTimersByTimeAsync(0);
    expect(await first).toBe(far.access_token);
    expect(server.refreshRequests()).toHaveLength(0);

    vi.setSystemTime(T0 + 1_000); // 90 s left
    const second = client.getAccessToken();
    await vi.advanceTimersByTimeAsync(100);
    expect(await second).not.toBe(far.access_token);
    expect(server.refreshRequests()).toHaveLength(1);
  });

  it("refreshSession without a session answers session_missing without a request", async () => {
    server = createFakeAuthServer({});
    const client = createTestClient(server, { autoRefreshToken: false });
    const { error } = await client.refreshSession();
    expect(error).toMatchObject({ code: "session_missing", status: 400 });
    expect(server.requests).toHaveLength(0);
  });
});
