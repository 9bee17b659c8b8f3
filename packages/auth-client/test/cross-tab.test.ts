import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthClient } from "../src/create-auth-client";
import type { LockManagerLike, StorageEventSource } from "../src/types";
import {
  createBroadcastHub,
  createFakeAuthServer,
  createMemoryStorage,
  createTestClient,
  type FakeAuthServer,
  makeSession,
  readStoredSession,
  recordEvents,
  rotatingRefresh,
  storeSession,
} from "./fakes";

const T0 = new Date("2030-01-01T00:00:00Z").getTime();

/** One Web Locks manager shared by the "tabs": a queue per lock name, as the browser keeps. */
function createSharedLocks(): LockManagerLike & { grants: number } {
  const tails = new Map<string, Promise<unknown>>();
  const locks = {
    grants: 0,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => {
        locks.grants += 1;
        return callback();
      });
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return locks;
}

function createStorageEventTarget() {
  const listeners = new Set<(event: StorageEvent) => void>();
  const target: StorageEventSource & { fire(key: string | null): void } = {
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    fire: (key) => {
      for (const listener of listeners) listener({ key } as StorageEvent);
    },
  };
  return target;
}

describe("across tabs", () => {
  let server: FakeAuthServer;
  const tabs: AuthClient[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    server = createFakeAuthServer({ issueToken: rotatingRefresh() });
  });
  afterEach(() => {
    for (const tab of tabs.splice(0)) tab.dispose();
    expect(server.violations).toEqual([]);
    vi.useRealTimers();
  });

  function openTabs(count: number, options: { locks?: () => LockManagerLike | null } = {}) {
    const storage = createMemoryStorage();
    const hub = createBroadcastHub();
    const initial = makeSession(60); // inside the 90 s zone: every tab wants to refresh at start-up
    storeSession(storage, initial);
    for (let i = 0; i < count; i++) {
      tabs.push(
        createTestClient(server, {
          storage,
          BroadcastChannel: hub.BroadcastChannel,
          locks: options.locks ? options.locks() : null,
        }),
      );
    }
    return { storage, hub, initial, recorders: tabs.map((tab) => recordEvents(tab)) };
  }

  it("two tabs on one storage (storage lease): exactly one refresh request, both end on the new session", async () => {
    const { storage, initial, recorders } = openTabs(2);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(server.refreshRequests()).toHaveLength(1);
    expect(server.refreshRequests()[0]?.body).toEqual({ refresh_token: initial.refresh_token });
    const stored = readStoredSession(storage);
    expect(stored?.refresh_token).not.toBe(initial.refresh_token);
    for (const tab of tabs) expect((await tab.getSession()).data.session).toEqual(stored);
    for (const recorder of recorders)
      expect(recorder.names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED"]);

    // And they keep agreeing: the next refresh is again done once.
    vi.setSystemTime(T0 + 3_600_000 - 60_000);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(server.refreshRequests()).toHaveLength(2);
    for (const tab of tabs) expect((await tab.getSession()).data.session).toEqual(readStoredSession(storage));
  });

  it("three tabs with Web Locks: one refresh request, the others adopt it", async () => {
    const locks = createSharedLocks();
    const { storage } = openTabs(3, { locks: () => locks });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.refreshRequests()).toHaveLength(1);
    expect(locks.grants).toBe(3);
    for (const tab of tabs) expect((await tab.getSession()).data.session).toEqual(readStoredSession(storage));
  });

  it("a tab that missed the broadcast re-reads storage and adopts instead of presenting a rotated token", async () => {
    const storage = createMemoryStorage();
    storeSession(storage, makeSession(600));
    const a = createTestClient(server, { storage, autoRefreshToken: false });
    const b = createTestClient(server, { storage, autoRefreshToken: false }); // no channel, no storage events
    tabs.push(a, b);
    const bEvents = recordEvents(b);

    const refreshedByA = a.refreshSession();
    await vi.advanceTimersByTimeAsync(100);
    expect((await refreshedByA).error).toBeNull();

    // B still holds the old token in memory, e.g. after its data call got a 401.
    const refreshedByB = b.refreshSession();
    await vi.advanceTimersByTimeAsync(100);
    expect((await refreshedByB).data.session).toEqual(readStoredSession(storage));
    expect(server.refreshRequests()).toHaveLength(1);
    expect(bEvents.names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED"]);
  });

  it("adopts a session changed by another tab from the storage event", async () => {
    const storage = createMemoryStorage();
    const storageEvents = createStorageEventTarget();
    storeSession(storage, makeSession(600));
    const tab = createTestClient(server, { storage, storageEvents, autoRefreshToken: false });
    tabs.push(tab);
    const { events, names } = recordEvents(tab);
    await vi.advanceTimersByTimeAsync(0);

    const rotated = makeSession(3600);
    storeSession(storage, rotated);
    storageEvents.fire("app-auth-token");
    storageEvents.fire("unrelated-key");
    expect(names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED"]);
    expect(events[1]?.session).toEqual(rotated);

    storage.removeItem("app-auth-token");
    storageEvents.fire(null); // storage.clear()
    expect(names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED", "SIGNED_OUT"]);
    expect(server.requests).toHaveLength(0);
  });

  it("signing in and out in one tab is mirrored in the others once, despite channel and storage event both firing", async () => {
    server = createFakeAuthServer({
      issueToken: () => ({ status: 200, body: makeSession(3600) }),
      signOut: () => ({ status: 204 }),
    });
    const storage = createMemoryStorage();
    const hub = createBroadcastHub();
    const storageEventsB = createStorageEventTarget();
    const a = createTestClient(server, { storage, BroadcastChannel: hub.BroadcastChannel });
    const b = createTestClient(server, {
      storage,
      BroadcastChannel: hub.BroadcastChannel,
      storageEvents: storageEventsB,
    });
    tabs.push(a, b);
    const bEvents = recordEvents(b);
    await vi.advanceTimersByTimeAsync(0);

    await a.signInWithPassword({ email: "ada@example.com", password: "correct horse" });
    storageEventsB.fire("app-auth-token");
    await vi.advanceTimersByTimeAsync(10);
    expect(bEvents.names()).toEqual(["INITIAL_SESSION", "SIGNED_IN"]);
    expect((await b.getSession()).data.session).toEqual(readStoredSession(storage));

    const signedOut = a.signOut();
    await vi.advanceTimersByTimeAsync(10);
    expect((await signedOut).error).toBeNull();
    storageEventsB.fire("app-auth-token");
    await vi.advanceTimersByTimeAsync(10);
    expect(bEvents.names()).toEqual(["INITIAL_SESSION", "SIGNED_IN", "SIGNED_OUT"]);
    expect((await b.getSession()).data.session).toBeNull();
  });

  it("dispose closes the channel", () => {
    const hub = createBroadcastHub();
    const tab = createTestClient(server, { BroadcastChannel: hub.BroadcastChannel, autoRefreshToken: false });
    expect(hub.openChannels()).toBe(1);
    tab.dispose();
    expect(hub.openChannels()).toBe(0);
  });
});
