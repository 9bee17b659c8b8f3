import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Database, Db } from "../../db/database";
import type { RelayNotice } from "../../db/engine/postgres";
import {
  deletePresence,
  insertMessage,
  insertPresence,
  lastMessageId,
  messageById,
  messagesAfter,
  presencesElsewhere,
  pruneMessages,
  RELAYED_MESSAGES_KEEP_MS,
  type RelayEvent,
  removeLapsedPresences,
  removeNode,
  renewLease,
  type StoredPresence,
} from "./relay-repository";

/** What one node fans out that the others fan out to their own members too. */
export interface RelayedMessage {
  room: string;
  event: RelayEvent;
  payload: Record<string, unknown>;
}

export type PresenceMeta = Record<string, unknown> & { phx_ref: string };
type PresenceMap = Record<string, { metas: PresenceMeta[] }>;

const PAGE = 200;

const iso = (ms: number) => new Date(ms).toISOString();

/** The leave diffs of presences removed together, one per room. */
function leavesByRoom(removed: StoredPresence[]): RelayedMessage[] {
  const rooms = new Map<string, PresenceMap>();
  for (const { room, presence_key, meta } of removed) {
    const leaves = rooms.get(room) ?? {};
    rooms.set(room, leaves);
    const entry = leaves[presence_key] ?? { metas: [] };
    entry.metas.push(meta as PresenceMeta);
    leaves[presence_key] = entry;
  }
  return [...rooms].map(([room, leaves]) => ({
    room,
    event: "presence_diff",
    payload: { joins: {}, leaves },
  }));
}

/**
 * Broadcast and Presence across the nodes behind one database. Each message a node fans out to its own
 * members is also appended to `realtime_messages`, which the other nodes read (PostgreSQL: by the id its
 * trigger notifies; SQLite: everything after the last id, when data_version moves) and fan out to theirs;
 * a node skips its own. Presences are also kept in `realtime_presences` under the node's lease, renewed
 * every third of `leaseSeconds`; a node whose lease runs out (it was killed) has its presences removed,
 * and their leaves announced, by the first node to notice. The relay listens and renews only while this
 * node has members; a node with none has nothing to deliver and no presences to keep.
 */
export function createRealtimeRelay(deps: {
  db: Database;
  leaseSeconds: number;
  now: () => number;
  logger?: Logger;
}) {
  const { db, now, logger } = deps;
  const leaseMs = deps.leaseSeconds * 1000;
  const node = randomUUID();
  let deliver: (message: RelayedMessage) => void = () => {};
  /** This node's writes, one after another, so other nodes see them in the order they happened here. */
  let writes = Promise.resolve();
  let reads = Promise.resolve();
  let active: { ready: Promise<void>; stopListening(): void; renewal: NodeJS.Timeout } | undefined;
  /** SQLite: the last message read. */
  let lastId = 0;

  const warn = (what: string) => (err: unknown) =>
    logger?.warn({ err: (err as Error).message }, `realtime relay: ${what}`);

  /** Queues a write in its own transaction; the promise settles when it is done and never rejects. */
  function write(fn: (trx: Db) => Promise<void>): Promise<void> {
    writes = writes.then(() => db.withTransaction(fn)).catch(warn("a message was not relayed"));
    return writes;
  }

  async function relayLeaves(removed: StoredPresence[], trx: Db) {
    const messages = leavesByRoom(removed);
    for (const message of messages) await insertMessage(trx, { node, ...message });
    return messages;
  }

  async function renew() {
    const at = now();
    await renewLease(db, node, iso(at + leaseMs));
    const leaves = await db.withTransaction(async (trx) =>
      relayLeaves(await removeLapsedPresences(trx, iso(at)), trx),
    );
    for (const message of leaves) deliver(message);
    await pruneMessages(db, iso(at - RELAYED_MESSAGES_KEEP_MS));
  }

  async function read(notice?: RelayNotice) {
    if (db.engine === "postgres") {
      // Broadcasts are delivered at most once: those notified while the listener was down are gone.
      if (!notice || notice.node === node) return;
      const message = await messageById(db, notice.id);
      if (message) deliver(message);
      return;
    }
    for (;;) {
      const messages = await messagesAfter(db, lastId, PAGE);
      for (const message of messages) {
        lastId = message.id;
        if (message.node !== node) deliver(message);
      }
      if (messages.length < PAGE) return;
    }
  }

  function wake(notice?: RelayNotice) {
    const ready = active?.ready;
    if (!ready) return;
    reads = reads
      .then(() => ready)
      .then(() => (active ? read(notice) : undefined))
      .catch(warn("a relayed message was not read"));
  }

  return {
    node,
    /** Where messages from other nodes (and leaves of lapsed nodes) go: this node's members. */
    onMessage(fn: (message: RelayedMessage) => void) {
      deliver = fn;
    },
    /** Starts listening and renewing (this node has members now); resolves once it listens. */
    start(): Promise<void> {
      if (active) return active.ready;
      const ready = (async () => {
        await renew();
        if (db.engine === "sqlite") lastId = await lastMessageId(db);
      })().catch(warn("could not start"));
      const renewal = setInterval(() => renew().catch(warn("the lease was not renewed")), leaseMs / 3);
      renewal.unref();
      active = { ready, renewal, stopListening: db.onRelayMessages(wake) };
      return ready;
    },
    /** This node has no members any more. */
    pause() {
      if (!active) return;
      clearInterval(active.renewal);
      active.stopListening();
      active = undefined;
    },
    publish(message: RelayedMessage) {
      return write(async (trx) => {
        await insertMessage(trx, { node, ...message });
      });
    },
    track(presence: StoredPresence, replaces: string | undefined, diff: RelayedMessage) {
      return write(async (trx) => {
        if (replaces) await deletePresence(trx, replaces);
        await insertPresence(trx, node, presence);
        await insertMessage(trx, { node, ...diff });
      });
    },
    untrack(ref: string, diff: RelayedMessage) {
      return write(async (trx) => {
        // Gone already if the node's lease lapsed and another node announced its leave.
        if (await deletePresence(trx, ref)) await insertMessage(trx, { node, ...diff });
      });
    },
    presencesElsewhere(room: string) {
      return presencesElsewhere(db, room, node);
    },
    /** A node shutting down: its remaining presences leave everywhere now rather than when its lease runs out. */
    async stop() {
      this.pause();
      await writes;
      await db
        .withTransaction(async (trx) => relayLeaves(await removeNode(trx, node), trx))
        .catch(warn("the node's presences were not removed"));
    },
  };
}

export type RealtimeRelay = ReturnType<typeof createRealtimeRelay>;
