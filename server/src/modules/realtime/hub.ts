import { randomUUID } from "node:crypto";

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

type Meta = Record<string, unknown> & { phx_ref: string };

export const roomOf = (topic: string, isPrivate: boolean) => `${isPrivate ? "private" : "public"}|${topic}`;

/**
 * Who is in which channel, and each channel's presence. Broadcasts (from a socket, the HTTP API or the
 * server itself) fan out through here, so every sender reaches the same members.
 */
export function createRealtimeHub() {
  const rooms = new Map<string, Set<Member>>();
  const presence = new Map<string, Map<Member, Meta>>();

  function presenceState(room: string) {
    const state: Record<string, { metas: Meta[] }> = {};
    for (const [member, meta] of presence.get(room) ?? []) {
      const entry = state[member.presenceKey] ?? { metas: [] };
      entry.metas.push(meta);
      state[member.presenceKey] = entry;
    }
    return state;
  }

  function sendDiff(room: string, joins: Record<string, unknown>, leaves: Record<string, unknown>) {
    for (const member of rooms.get(room) ?? []) member.send("presence_diff", { joins, leaves });
  }

  function untrack(member: Member) {
    const tracked = presence.get(member.room);
    const meta = tracked?.get(member);
    if (!tracked || !meta) return;
    tracked.delete(member);
    if (tracked.size === 0) presence.delete(member.room);
    sendDiff(member.room, {}, { [member.presenceKey]: { metas: [meta] } });
  }

  return {
    join(member: Member) {
      const members = rooms.get(member.room) ?? new Set<Member>();
      rooms.set(member.room, members);
      members.add(member);
    },
    leave(member: Member) {
      untrack(member);
      const members = rooms.get(member.room);
      members?.delete(member);
      if (members?.size === 0) rooms.delete(member.room);
    },
    broadcast(room: string, payload: Record<string, unknown>, from?: Member) {
      for (const member of rooms.get(room) ?? []) {
        if (member === from && !member.receivesOwnBroadcasts) continue;
        member.send("broadcast", payload);
      }
    },
    presenceState,
    track(member: Member, payload: Record<string, unknown>) {
      const previous = presence.get(member.room)?.get(member);
      const meta: Meta = { ...payload, phx_ref: randomUUID() };
      const tracked = presence.get(member.room) ?? new Map<Member, Meta>();
      presence.set(member.room, tracked);
      tracked.set(member, meta);
      const key = member.presenceKey;
      sendDiff(member.room, { [key]: { metas: [meta] } }, previous ? { [key]: { metas: [previous] } } : {});
    },
    untrack,
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
