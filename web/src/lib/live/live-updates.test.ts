import type { RealtimeChannel, RealtimeClient } from "@supabase/realtime-js";
import { describe, expect, it, vi } from "vitest";
import { createLiveUpdates, reconnectAfterMs } from "@/lib/live/live-updates";

/** realtime-js's channel as far as the live layer uses it: bindings, subscribe's state, presence. */
function fakeSocket(presence: Record<string, { name: string }[]> = {}) {
  const channels: {
    topic: string;
    options: unknown;
    bindings: { type: string; filter: unknown; callback: () => void }[];
    state?: (s: string) => void;
    tracked: unknown[];
  }[] = [];
  const client = {
    channel(topic: string, options: unknown) {
      const entry = {
        topic,
        options,
        bindings: [] as { type: string; filter: unknown; callback: () => void }[],
        state: undefined as ((s: string) => void) | undefined,
        tracked: [] as unknown[],
      };
      channels.push(entry);
      const channel = {
        on(type: string, filter: unknown, callback: () => void) {
          entry.bindings.push({ type, filter, callback });
          return channel;
        },
        subscribe(callback: (s: string) => void) {
          entry.state = callback;
          return channel;
        },
        track: async (meta: unknown) => {
          entry.tracked.push(meta);
          return "ok";
        },
        presenceState: () => presence,
      };
      return channel as unknown as RealtimeChannel;
    },
    removeChannel: vi.fn(async () => "ok"),
    disconnect: vi.fn(async () => undefined),
  };
  return { client: client as unknown as RealtimeClient, channels };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const anna = { userId: "u-anna", name: "Anna" };

describe("the live layer", () => {
  it("reconnects after 1, 2 and 5 s, then every 10 s", () => {
    expect([1, 2, 3, 4, 9].map(reconnectAfterMs)).toEqual([1000, 2000, 5000, 10000, 10000]);
  });

  it("announces who edits a record, reports the others on each sync, and says 'reconnecting' while down", async () => {
    const socket = fakeSocket({ "u-anna": [{ name: "Anna" }], "u-bo": [{ name: "Bo" }] });
    const live = createLiveUpdates(async () => socket.client);
    const seen: string[][] = [];
    const statuses: string[] = [];
    live.onStatus(() => statuses.push(live.status()));
    const stop = live.editing("crm_deals", "d1", anna, (others) => seen.push(others.map((o) => o.name)));
    await settle();
    const [channel] = socket.channels;
    expect(channel?.topic).toBe("editing:crm_deals:d1");
    expect(channel?.options).toEqual({ config: { presence: { key: "u-anna" } } });
    channel?.state?.("SUBSCRIBED");
    expect(channel?.tracked).toEqual([{ name: "Anna" }]);
    channel?.bindings.find((b) => b.type === "presence")?.callback();
    expect(seen).toEqual([["Bo"]]);
    channel?.state?.("CHANNEL_ERROR");
    expect(live.status()).toBe("reconnecting");
    channel?.state?.("SUBSCRIBED");
    expect(channel?.tracked).toHaveLength(2);
    stop();
    expect(statuses).toEqual(["live", "reconnecting", "live", "idle"]);
    await settle();
    expect(socket.client.removeChannel).toHaveBeenCalledTimes(1);
  });

  it("binds every table's changes, calls back on each, and once more after a dropped channel is back", async () => {
    const socket = fakeSocket();
    const live = createLiveUpdates(async () => socket.client);
    const changes = vi.fn();
    const stop = live.watch(["crm_deals", "crm_companies"], changes);
    await settle();
    const [channel] = socket.channels;
    expect(channel?.bindings).toMatchObject([
      { type: "postgres_changes", filter: { event: "*", schema: "public", table: "crm_deals" } },
      { type: "postgres_changes", filter: { event: "*", schema: "public", table: "crm_companies" } },
    ]);
    channel?.state?.("SUBSCRIBED");
    expect(changes).not.toHaveBeenCalled();
    channel?.bindings[1]?.callback();
    expect(changes).toHaveBeenCalledTimes(1);
    channel?.state?.("CHANNEL_ERROR");
    expect(live.status()).toBe("reconnecting");
    channel?.state?.("SUBSCRIBED");
    expect(live.status()).toBe("live");
    expect(changes).toHaveBeenCalledTimes(2);
    // A second screen on the same tables has its own channel, so leaving one keeps the other.
    const stopOther = live.watch(["crm_deals", "crm_companies"], () => {});
    await settle();
    expect(socket.channels[1]?.topic).not.toBe(channel?.topic);
    stop();
    stopOther();
    expect(live.status()).toBe("idle");
  });

  it("opens nothing for an editor closed before the socket was there", async () => {
    const socket = fakeSocket();
    const live = createLiveUpdates(async () => socket.client);
    live.editing("crm_deals", "d1", anna, () => {})();
    await settle();
    expect(socket.channels).toEqual([]);
  });
});
