import type { RealtimeChannel, RealtimeClient } from "@supabase/realtime-js";
import { describe, expect, it, vi } from "vitest";
import { createLiveUpdates, reconnectAfterMs } from "@/lib/live/live-updates";

/** realtime-js's channel as far as the live layer uses it: bindings, subscribe's state, presence. */
function fakeSocket(presence: Record<string, { name: string }[]> = {}) {
  const channels: {
    topic: string;
    options: unknown;
    bindings: { type: string; callback: () => void }[];
    state?: (s: string) => void;
    tracked: unknown[];
  }[] = [];
  const client = {
    channel(topic: string, options: unknown) {
      const entry = {
        topic,
        options,
        bindings: [] as { type: string; callback: () => void }[],
        state: undefined as ((s: string) => void) | undefined,
        tracked: [] as unknown[],
      };
      channels.push(entry);
      const channel = {
        on(type: string, _filter: unknown, callback: () => void) {
          entry.bindings.push({ type, callback });
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

  it("opens nothing for an editor closed before the socket was there", async () => {
    const socket = fakeSocket();
    const live = createLiveUpdates(async () => socket.client);
    live.editing("crm_deals", "d1", anna, () => {})();
    await settle();
    expect(socket.channels).toEqual([]);
  });
});
