import { sql } from "kysely";
import type { Db } from "../../db/database";
import { isPostgres } from "../../db/engine-of";

/**
 * The SQL of double-booking checks. Sessions are half-open intervals [starts_at, ends_at): two overlap
 * when each starts before the other ends, so back-to-back sessions do not. Timestamps compare correctly
 * on both engines (timestamptz on PostgreSQL, ISO-8601 UTC text with milliseconds on SQLite).
 */

export interface Slot {
  starts_at: string;
  ends_at: string;
  /** The session being written, left out of its own clashes. */
  exceptSessionId?: string;
}

export interface ClashingSession {
  id: string;
  title: string;
  starts_at: string;
  ends_at: string;
}

/**
 * On PostgreSQL, serialises bookings of the same rooms and people until the transaction ends, so the
 * check below sees every booking committed before it and can name the clash; the exclusion constraints
 * hold regardless. Keys are taken in one global order so two bookings never wait on each other in a
 * circle. SQLite needs nothing: its write transactions (BEGIN IMMEDIATE) already run one at a time.
 */
export async function lockBookables(trx: Db, keys: { roomIds?: string[]; contactIds?: string[] }) {
  if (!isPostgres(trx)) return;
  const names = [
    ...[...new Set(keys.roomIds ?? [])].sort().map((id) => `studio_room:${id}`),
    ...[...new Set(keys.contactIds ?? [])].sort().map((id) => `studio_person:${id}`),
  ];
  for (const name of names) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
  }
}

const overlapping = (slot: Slot) => {
  const others = slot.exceptSessionId ? sql`and s.id <> ${slot.exceptSessionId}` : sql``;
  return sql<boolean>`s.status <> 'cancelled' and s.starts_at < ${slot.ends_at}
    and s.ends_at > ${slot.starts_at} ${others}`;
};

/** The first session that holds the room during the slot, with the room's name. */
export async function findRoomClash(trx: Db, roomId: string, slot: Slot) {
  const rows = await sql<ClashingSession & { room_name: string }>`
    select s.id, s.title, s.starts_at, s.ends_at, r.name as room_name
    from studio_sessions s join studio_rooms r on r.id = s.room_id
    where s.room_id = ${roomId} and ${overlapping(slot)}
    order by s.starts_at limit 1`.execute(trx);
  return rows.rows[0];
}

/**
 * The first session during the slot that any of these people is on the team of, with their name;
 * `exceptTeamRowId` leaves out a team row being moved to another session.
 */
export async function findPersonClash(
  trx: Db,
  contactIds: readonly string[],
  slot: Slot,
  exceptTeamRowId?: string,
) {
  if (contactIds.length === 0) return undefined;
  const otherRows = exceptTeamRowId ? sql`and t.id <> ${exceptTeamRowId}` : sql``;
  const rows = await sql<ClashingSession & { first_name: string; last_name: string }>`
    select s.id, s.title, s.starts_at, s.ends_at, c.first_name, c.last_name
    from studio_session_talent t
      join studio_sessions s on s.id = t.session_id
      join crm_contacts c on c.id = t.contact_id
    where t.contact_id in (${sql.join(contactIds)}) and ${overlapping(slot)} ${otherRows}
    order by s.starts_at, c.last_name limit 1`.execute(trx);
  return rows.rows[0];
}

/** The team of a session. */
export async function teamOf(trx: Db, sessionId: string): Promise<string[]> {
  const rows = await sql<{ contact_id: string }>`
    select contact_id from studio_session_talent where session_id = ${sessionId}`.execute(trx);
  return rows.rows.map((r) => r.contact_id);
}

/**
 * A session's room, times and status. On PostgreSQL under a share lock, as the team trigger reads it: a
 * move of the session waits for this write, or this read waits for the move and sees its new times.
 */
export async function findSessionShared(trx: Db, sessionId: string) {
  const lock = isPostgres(trx) ? sql`for share` : sql``;
  const rows = await sql<{ id: string; room_id: string; starts_at: string; ends_at: string; status: string }>`
    select id, room_id, starts_at, ends_at, status from studio_sessions where id = ${sessionId} ${lock}`.execute(
    trx,
  );
  return rows.rows[0];
}
