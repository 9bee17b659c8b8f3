import { randomUUID } from "node:crypto";
import type { PresenceMeta, RealtimeRelay, RelayedMessage } from "./realtime-relay";

/** One socket's membership of one channel, as the hub sees it. */
export interface Member {
  /** The joined topic with its privacy: a private and a public channel of the same name are apart. */
  readonly room: string;
  readonly topic: string;
  readonly joinRef: string | null;
  readonly receivesOwnBroadcasts: boolean;
  readonly presenceKey: string;
  send(event: string, payload: Record<string, unknown>): void;
}

export const roomOf = (topic: string, isPrivate: boolean) => `${isPrivate ? "private" : "public"}|${topic}`;

/**
 * Who is in which channel, and each channel's presence. Broadcasts (from a socket, the HTTP API or the
 * server itself) fan out through here, so every sender reaches the same members; the relay carries them,
 * and presence diffs, to the members of the other nodes on the same database.
 */
export function createRealtimeHub(relay: RealtimeRelay) {
  const rooms = new Map<string, Set<Member>>();
  const presence = new Map<string, Map<Member, PresenceMeta>>();

  function fanOut({ room, event, payload }: RelayedMessage, from?: Member) {
    for (const member of rooms.get(room) ?? []) {
      if (member === from && !member.receivesOwnBroadcasts) continue;
      member.send(event, payload);
    }
  }
  relay.onMessage((message) => fanOut(message));

  const diff = (room: string, joins: Record<string, unknown>, leaves: Record<string, unknown>) =>
    ({ room, event: "presence_diff", payload: { joins, leaves } }) as const;

  /** This node's presences in `room` and, from the database, those of the other nodes. */
  async function presenceState(room: string) {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    const add = (key: string, meta: Record<string, unknown>) => {
      const entry = state[key] ?? { metas: [] };
      entry.metas.push(meta);
      state[key] = entry;
    };
    for (const [member, meta] of presence.get(room) ?? []) add(member.presenceKey, meta);
    for (const { presence_key, meta } of await relay.presencesElsewhere(room)) add(presence_key, meta);
    return state;
  }

  function untrack(member: Member) {
    const tracked = presence.get(member.room);
    const meta = tracked?.get(member);
    if (!tracked || !meta) return;
    tracked.delete(member);
    if (tracked.size === 0) presence.delete(member.room);
    const message = diff(member.room, {}, { [member.presenceKey]: { metas: [meta] } });
    fanOut(message);
    void relay.untrack(meta.phx_ref, message);
  }

  return {
    /** Resolves once the member hears the other nodes too. */
    join(member: Member): Promise<void> {
      const members = rooms.get(member.room) ?? new Set<Member>();
      rooms.set(member.room, members);
      members.add(member);
      return relay.start();
    },
    leave(member: Member) {
      untrack(member);
      const members = rooms.get(member.room);
      members?.delete(member);
      if (members?.size === 0) rooms.delete(member.room);
      if (rooms.size === 0) relay.pause();
    },
    /** Fans out here and on the other nodes; settles once relayed (it never rejects). */
    broadcast(room: string, payload: Record<string, unknown>, from?: Member) {
      const message: RelayedMessage = { room, event: "broadcast", payload };
      fanOut(message, from);
      return relay.publish(message);
    },
    presenceState,
    track(member: Member, payload: Record<string, unknown>) {
      const previous = presence.get(member.room)?.get(member);
      const meta: PresenceMeta = { ...payload, phx_ref: randomUUID() };
      const tracked = presence.get(member.room) ?? new Map<Member, PresenceMeta>();
      presence.set(member.room, tracked);
      tracked.set(member, meta);
      const key = member.presenceKey;
      const message = diff(
        member.room,
        { [key]: { metas: [meta] } },
        previous ? { [key]: { metas: [previous] } } : {},
      );
      fanOut(message);
      void relay.track(
        { ref: meta.phx_ref, room: member.room, presence_key: key, meta },
        previous?.phx_ref,
        message,
      );
    },
    untrack,
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
