import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createFakeAuthServer,
  createFakeDocument,
  createMemoryStorage,
  createTestClient,
  type FakeAuthServer,
  makeSession,
  readStoredSession,
  recordEvents,
  rotatingRefresh,
  storeSession,
} from "./fakes";

const T0 = new Date("2030-01-01T00:00:00Z");

describe("auto-refresh ticker", () => {
  let server: FakeAuthServer;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    server = createFakeAuthServer({ issueToken: rotatingRefresh() });
  });
  afterEach(() => {
    expect(server.violations).toEqual([]);
    vi.useRealTimers();
  });

  function clientWithSession(expiresInSec: number, extra: Parameters<typeof createTestClient>[1] = {}) {
    const storage = createMemoryStorage();
    storeSession(storage, makeSession(expiresInSec));
    const client = createTestClient(server, { storage, ...extra });
    return { client, storage };
  }

  it("does not refresh with 91 s left and refreshes on the tick that finds 90 s left", async () => {
    const { client } = clientWithSession(30 + 91);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.refreshRequests()).toHaveLength(0); // 91 s left at this tick

    // The storage lease takes a few ms to settle before the request goes out.
    await vi.advanceTimersByTimeAsync(30_100);
    expect(server.refreshRequests()).toHaveLength(1); // 61 s left
    client.dispose();
  });

  it("refreshes exactly at 90 s left", async () => {
    const { client, storage } = clientWithSession(30 + 90);
    const { events, names } = recordEvents(client);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.refreshRequests()).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.refreshRequests()).toHaveLength(1);
    expect(server.refreshRequests()[0]?.at).toBeGreaterThanOrEqual(T0.getTime() + 30_000);
    expect(names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED"]);
    expect(readStoredSession(storage)?.refresh_token).toBe(events[1]?.session?.refresh_token);
    client.dispose();
  });

  it("checks every 30 s, not continuously: a token entering the 90 s zone waits for the next tick", async () => {
    // 100 s left at start: the zone is entered at 10 s, the tick that notices it comes at 30 s.
    const { client } = clientWithSession(100);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(server.refreshRequests()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(server.refreshRequests()).toHaveLength(1);

    // The new token lives an hour: many ticks, no refresh.
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(server.refreshRequests()).toHaveLength(1);
    client.dispose();
  });

  it("checks at start-up so a token already inside the zone is refreshed at once", async () => {
    const { client } = clientWithSession(60);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.refreshRequests()).toHaveLength(1);
    client.dispose();
  });

  it("pauses while the tab is hidden and checks at once when it is shown", async () => {
    const document = createFakeDocument("visible");
    const { client } = clientWithSession(200, { document });
    await vi.advanceTimersByTimeAsync(1_000);
    document.setVisibility("hidden");

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.refreshRequests()).toHaveLength(0); // token expired while hidden, nobody ticked

    document.setVisibility("visible");
    await vi.advanceTimersByTimeAsync(100);
    expect(server.refreshRequests()).toHaveLength(1);
    client.dispose();
    expect(document.listenerCount()).toBe(0);
  });

  it("does not start ticking in a tab created hidden until it is shown", async () => {
    const document = createFakeDocument("hidden");
    const { client } = clientWithSession(60, { document });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(server.refreshRequests()).toHaveLength(0);
    document.setVisibility("visible");
    await vi.advanceTimersByTimeAsync(100);
    expect(server.refreshRequests()).toHaveLength(1);
    client.dispose();
  });

  it("stopAutoRefresh stops the ticker and startAutoRefresh checks at once", async () => {
    const { client } = clientWithSession(200);
    await vi.advanceTimersByTimeAsync(0);
    client.stopAutoRefresh();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(server.refreshRequests()).toHaveLength(0);

    client.startAutoRefresh();
    await vi.advanceTimersByTimeAsync(100);
    expect(server.refreshRequests()).toHaveLength(1);
    client.dispose();
  });
});
