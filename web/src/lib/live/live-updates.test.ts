import type { RealtimeChannel, RealtimeClient } from "@supabase/realtime-js";
import { describe, expect, it, vi } from "vitest";
import { createLiveUpdates, reconnectAfterMs } from "@/lib/live/live-updates";

/** realtime-js's channel as far as the live layer uses it: bindings, subscribe's state callback. */
function fakeSocket() {
  const channels: { topic: string; bindings: unknown[]; state?: (s: string) => void }[] = [];
  const client = {
    channel(topic: string) {
      const entry = {
        topic,
        bindings: [] as unknown[],
        state: undefined as ((s: string) => void) | undefined,
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
      };
      return channel as unknown as RealtimeChannel;
    },
    removeChannel: vi.fn(async () => "ok"),
    disconnect: vi.fn(async () => undefined),
  };
  return { client: client as unknown as RealtimeClient, channels };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the live layer", () => {
  it("reconnects after 1, 2 and 5 s, then every 10 s", () => {
    expect([1, 2, 3, 4, 9].map(reconnectAfterMs)).toEqual([1000, 2000, 5000, 10000, 10000]);
  });

  it("binds every table's changes, says 'reconnecting' while a joined channel is down, and refetches after", async () => {
    const socket = fakeSocket();
    const live = createLiveUpdates(async () => socket.client);
    const changes = vi.fn();
    const statuses: string[] = [];
    live.onStatus(() => statuses.push(live.status()));
    const stop = live.watch(["crm_deals", "crm_companies"], changes);
    await settle();
    const [channel] = socket.channels;
    expect(channel?.bindings).toMatchObject([
      { type: "postgres_changes", filter: { event: "*", schema: "public", table: "crm_deals" } },
      { type: "postgres_changes", filter: { event: "*", schema: "public", table: "crm_companies" } },
    ]);
    channel?.state?.("SUBSCRIBED");
    expect(changes).not.toHaveBeenCalled();
    channel?.state?.("CHANNEL_ERROR");
    expect(live.status()).toBe("reconnecting");
    channel?.state?.("SUBSCRIBED");
    expect(live.status()).toBe("live");
    expect(changes).toHaveBeenCalledTimes(1);
    stop();
    expect(live.status()).toBe("idle");
    expect(statuses).toEqual(["live", "reconnecting", "live", "idle"]);
    await settle();
    expect(socket.client.removeChannel).toHaveBeenCalledTimes(1);
  });

  it("opens nothing for a watch stopped before the socket was there", async () => {
    const socket = fakeSocket();
    const live = createLiveUpdates(async () => socket.client);
    live.watch(["crm_deals"], () => {})();
    await settle();
    expect(socket.channels).toEqual([]);
  });
});
