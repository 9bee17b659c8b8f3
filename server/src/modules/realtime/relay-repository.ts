import type { Db } from "../../db/database";

/** The realtime relay's reads and writes (tables of m0045_add_realtime_relay). */

export type RelayEvent = "broadcast" | "presence_diff";

/** JSON columns: text on SQLite, already an object on PostgreSQL. */
const fromJson = (value: unknown) =>
  (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>;

const MESSAGE_COLUMNS = ["id", "node", "room", "event", "payload"] as const;

const decodeMessage = <T extends { payload: unknown }>(row: T) => ({
  ...row,
  payload: fromJson(row.payload),
});

export function insertMessage(
  db: Db,
  message: { node: string; room: string; event: RelayEvent; payload: Record<string, unknown> },
) {
  return db
    .insertInto("realtime_messages")
    .values({ ...message, payload: JSON.stringify(message.payload) })
    .execute();
}

/** SQLite: the messages of other nodes appended after `afterId`, oldest first (its ids are commit order). */
export async function messagesAfter(db: Db, afterId: number, limit: number) {
  const rows = await db
    .selectFrom("realtime_messages")
    .select(MESSAGE_COLUMNS)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(decodeMessage);
}

export async function messageById(db: Db, id: number) {
  const row = await db
    .selectFrom("realtime_messages")
    .select(MESSAGE_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && decodeMessage(row);
}

export async function lastMessageId(db: Db): Promise<number> {
  const row = await db
    .selectFrom("realtime_messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Every node reads a relayed message well within this; older ones are pruned. */
export const RELAYED_MESSAGES_KEEP_MS = 60_000;

export function pruneMessages(db: Db, before: string) {
  return db.deleteFrom("realtime_messages").where("created_at", "<", before).execute();
}

export function renewLease(db: Db, node: string, expiresAt: string) {
  return db
    .insertInto("realtime_nodes")
    .values({ id: node, expires_at: expiresAt })
    .onConflict((oc) => oc.column("id").doUpdateSet({ expires_at: expiresAt }))
    .execute();
}

export interface StoredPresence {
  ref: string;
  room: string;
  presence_key: string;
  meta: Record<string, unknown>;
}

const PRESENCE_COLUMNS = ["ref", "room", "presence_key", "meta"] as const;
const decodePresence = <T extends { meta: unknown }>(row: T) => ({ ...row, meta: fromJson(row.meta) });

export function insertPresence(db: Db, node: string, presence: StoredPresence) {
  return db
    .insertInto("realtime_presences")
    .values({ ...presence, node, meta: JSON.stringify(presence.meta) })
    .execute();
}

/** Removes one presence; true if it was there (so its leave is announced once, by whoever removed it). */
export async function deletePresence(db: Db, ref: string): Promise<boolean> {
  const result = await db.deleteFrom("realtime_presences").where("ref", "=", ref).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The presences other nodes hold in `room`. */
export async function presencesElsewhere(db: Db, room: string, node: string): Promise<StoredPresence[]> {
  const rows = await db
    .selectFrom("realtime_presences")
    .select(PRESENCE_COLUMNS)
    .where("room", "=", room)
    .where("node", "!=", node)
    .execute();
  return rows.map(decodePresence);
}

/**
 * Removes the leases that ran out before `now`, and the presences of every node without a lease (one that
 * lapsed, or a node stopped before it could clean up); returns the presences removed.
 */
export async function removeLapsedPresences(db: Db, now: string): Promise<StoredPresence[]> {
  await db.deleteFrom("realtime_nodes").where("expires_at", "<", now).execute();
  const rows = await db
    .deleteFrom("realtime_presences")
    .where("node", "not in", (eb) => eb.selectFrom("realtime_nodes").select("id"))
    .returning(PRESENCE_COLUMNS)
    .execute();
  return rows.map(decodePresence);
}

/** A stopping node's own presences, removed with its lease; returns them. */
export async function removeNode(db: Db, node: string): Promise<StoredPresence[]> {
  await db.deleteFrom("realtime_nodes").where("id", "=", node).execute();
  const rows = await db
    .deleteFrom("realtime_presences")
    .where("node", "=", node)
    .returning(PRESENCE_COLUMNS)
    .execute();
  return rows.map(decodePresence);
}
