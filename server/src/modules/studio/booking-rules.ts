import { ENDS_AFTER_STARTS_MESSAGE, endsAfterStarts, type SessionStatus } from "@app/contracts";
import { formatStockholmSpan } from "@app/contracts/stockholm-time";
import type { Db } from "../../db/database";
import { restError } from "../../http/rest-error";
import { type ClashingSession, findPersonClash, findRoomClash, lockBookables } from "./clash-repository";

/** A session's times as stored (ISO-8601 UTC with milliseconds), so SQLite compares them as text. */
export function normalisedSlot(times: Record<string, unknown>) {
  const starts_at = new Date(String(times.starts_at)).toISOString();
  const ends_at = new Date(String(times.ends_at)).toISOString();
  if (!endsAfterStarts({ starts_at, ends_at })) {
    throw restError("23514", ENDS_AFTER_STARTS_MESSAGE, {
      details: 'Failing row violates check constraint "studio_sessions_ends_after_starts".',
    });
  }
  return { starts_at, ends_at };
}

/** PostgreSQL's exclusion violation, as PostgREST answers it (409), naming who clashes and when. */
function clashError(who: string, preposition: "by" | "in", clash: ClashingSession) {
  const when = formatStockholmSpan(clash.starts_at, clash.ends_at);
  return restError(
    "23P01",
    `${who} is already booked ${when} (Stockholm time) ${preposition} “${clash.title}”`,
    {
      details: `Conflicts with session ${clash.id} (${clash.starts_at} to ${clash.ends_at}).`,
      status: 409,
    },
  );
}

export interface Booking {
  roomId: string;
  contactIds: readonly string[];
  status: SessionStatus;
  starts_at: string;
  ends_at: string;
  /** The session being written: its own booking is no clash. */
  sessionId?: string;
}

/**
 * Refuses a booking whose room, or anyone on whose team, is in another overlapping session that is not
 * cancelled. Runs inside the write's transaction, after taking the locks that make the answer hold until
 * it commits. A cancelled session holds nothing, so it is never refused.
 */
export async function assertBookable(trx: Db, booking: Booking) {
  if (booking.status === "cancelled") return;
  const slot = { starts_at: booking.starts_at, ends_at: booking.ends_at, exceptSessionId: booking.sessionId };
  await lockBookables(trx, { roomIds: [booking.roomId], contactIds: [...booking.contactIds] });
  const room = await findRoomClash(trx, booking.roomId, slot);
  if (room) throw clashError(room.room_name, "by", room);
  const person = await findPersonClash(trx, booking.contactIds, slot);
  if (person) throw clashError(`${person.first_name} ${person.last_name}`, "in", person);
}

/** Refuses adding a person to a session (not cancelled) while they are in another overlapping one. */
export async function assertPersonFree(
  trx: Db,
  person: { contactId: string; teamRowId?: string },
  session: { id: string; starts_at: string; ends_at: string; status: string },
) {
  if (session.status === "cancelled") return;
  await lockBookables(trx, { contactIds: [person.contactId] });
  const slot = { ...normalisedSlot(session), exceptSessionId: session.id };
  const clash = await findPersonClash(trx, [person.contactId], slot, person.teamRowId);
  if (clash) throw clashError(`${clash.first_name} ${clash.last_name}`, "in", clash);
}
