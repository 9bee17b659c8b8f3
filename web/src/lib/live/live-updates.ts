import type { RealtimeChannel, RealtimeClient } from "@supabase/realtime-js";

/** The realtime client's pace: a heartbeat every 25 s; after a drop, tries at 1, 2 and 5 s, then every 10 s. */
export const HEARTBEAT_INTERVAL_MS = 25_000;
const RECONNECT_STEPS_MS = [1_000, 2_000, 5_000];
const RECONNECT_LAST_MS = 10_000;
export const reconnectAfterMs = (tries: number) => RECONNECT_STEPS_MS[tries - 1] ?? RECONNECT_LAST_MS;

/** live: every channel is joined; reconnecting: one was and is not (the socket dropped); idle: none open. */
export type LiveStatus = "idle" | "live" | "reconnecting";

/** Someone with a record open in an editor, as Presence carries them. */
export interface Editor {
  userId: string;
  name: string;
}

export interface LiveUpdates {
  /**
   * Calls `onChange` when a row of one of `tables` is inserted, updated or deleted by anyone, and once
   * after a dropped channel is joined again (changes made meanwhile were not announced).
   */
  watch(tables: readonly string[], onChange: () => void): () => void;
  /** Announces `me` as editing the record and reports everyone else editing it, on every change. */
  editing(table: string, id: string, me: Editor, onEditors: (others: Editor[]) => void): () => void;
  status(): LiveStatus;
  onStatus(listener: () => void): () => void;
  close(): void;
}

type ChannelState = "joining" | "subscribed" | "down";

/**
 * The back office's live layer over one realtime-js socket, opened when the first channel is asked for:
 * a screen's watch (postgres_changes on its tables) or a record's editor (Presence). A channel that was joined and drops makes the status
 * "reconnecting" until realtime-js has joined it again, at the pace above.
 */
export function createLiveUpdates(connect: () => Promise<RealtimeClient>): LiveUpdates {
  let client: Promise<RealtimeClient> | null = null;
  const states = new Map<RealtimeChannel, ChannelState>();
  const listeners = new Set<() => void>();
  let closed = false;
  let lastStatus: LiveStatus = "idle";
  let watches = 0;

  const clientOf = () => {
    client ??= connect();
    return client;
  };

  function computeStatus(): LiveStatus {
    if (states.size === 0) return "idle";
    return [...states.values()].includes("down") ? "reconnecting" : "live";
  }

  function announce() {
    const status = computeStatus();
    if (status === lastStatus) return;
    lastStatus = status;
    for (const listener of listeners) listener();
  }

  function setState(channel: RealtimeChannel, state: ChannelState) {
    if (!states.has(channel)) return;
    states.set(channel, state);
    announce();
  }

  function forget(channel: RealtimeChannel) {
    states.delete(channel);
    announce();
  }

  /** Opens a channel once the client is there; the returned stop works before that too. */
  function open(build: (rt: RealtimeClient) => RealtimeChannel, onJoined: (again: boolean) => void) {
    let channel: RealtimeChannel | null = null;
    let stopped = false;
    void clientOf().then((rt) => {
      if (stopped || closed) return;
      channel = build(rt);
      const ch = channel;
      states.set(ch, "joining");
      let joined = false;
      ch.subscribe((state) => {
        if (state === "SUBSCRIBED") {
          setState(ch, "subscribed");
          onJoined(joined);
          joined = true;
        } else if (joined && state !== "CLOSED") setState(ch, "down");
      });
    });
    return () => {
      stopped = true;
      if (!channel) return;
      const ch = channel;
      forget(ch);
      void clientOf().then((rt) => rt.removeChannel(ch));
    };
  }

  return {
    watch(tables, onChange) {
      return open(
        (rt) => {
          // Two screens watching the same tables get channels of their own: leaving one keeps the other.
          watches += 1;
          const channel = rt.channel(`live:${tables.join(",")}:${watches}`);
          for (const table of tables)
            channel.on("postgres_changes", { event: "*", schema: "public", table }, () => onChange());
          return channel;
        },
        (again) => {
          if (again) onChange();
        },
      );
    },
    editing(table, id, me, onEditors) {
      let channel: RealtimeChannel | null = null;
      const stop = open(
        (rt) => {
          channel = rt.channel(`editing:${table}:${id}`, { config: { presence: { key: me.userId } } });
          const ch = channel;
          ch.on("presence", { event: "sync" }, () => {
            const others = Object.entries(ch.presenceState<{ name: string }>())
              .filter(([userId]) => userId !== me.userId)
              .map(([userId, metas]) => ({ userId, name: metas[0]?.name ?? "Someone" }));
            onEditors(others);
          });
          return ch;
        },
        () => {
          void channel?.track({ name: me.name });
        },
      );
      return stop;
    },
    status: () => lastStatus,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      states.clear();
      void client?.then((rt) => rt.disconnect());
    },
  };
}
