import type { Db, Engine } from "./database";
import { at, seedId } from "./seed-ids";
import { insertAll } from "./seed-rows";

/** Stockholm rooms, and a fortnight of sessions around today (times in UTC hours; Stockholm is +1 or +2). */
const ROOMS = [
  { name: "Studio A – Södermalm", kind: "recording", hourly_rate_sek: 1200, active: true },
  { name: "Studio B – Hornstull", kind: "recording", hourly_rate_sek: 950, active: true },
  { name: "Writing Room – Vasastan", kind: "writing", hourly_rate_sek: 400, active: true },
  { name: "Mix Suite – Kungsholmen", kind: "mixing", hourly_rate_sek: 850, active: true },
  { name: "Rehearsal Room – Slussen", kind: "rehearsal", hourly_rate_sek: 300, active: false },
] as const;

/*
 * [title, room, days from today, start hour (UTC), hours, status, brief or null, talent on the team].
 * No two sessions overlap at all, whatever their rooms: the calendar reads clearly, and adding anyone to
 * any seeded session never clashes.
 */
const SESSIONS = [
  ["Vocal comping – summer single", 0, -1, 9, 4, "completed", 0, [1]],
  ["Game stems delivery check", 3, -2, 12, 3, "completed", 4, [12]],
  ["Vocal session – summer single", 0, 0, 9, 3, "confirmed", 0, [1, 4]],
  ["Topline writing camp", 2, 0, 13, 4, "confirmed", 0, [2, 7, 10]],
  ["Trailer cue stems mix", 3, 1, 9, 5, "confirmed", 2, [3]],
  ["Drum tracking", 1, 1, 15, 3, "tentative", null, [5, 8]],
  ["Ballad demo", 0, 2, 10, 4, "tentative", 3, [6]],
  ["Jingle writing session", 2, 3, 9, 3, "confirmed", 1, [9, 11]],
  ["Podcast theme tracking", 1, 4, 12, 3, "cancelled", null, []],
  ["Acoustic guitar overdubs", 1, 7, 10, 3, "tentative", null, [13]],
  ["Co-write: Swedish ballad", 2, 8, 13, 3, "tentative", 3, [2, 14]],
  ["Mix revisions – trailer cue", 3, 9, 9, 6, "tentative", 2, [3]],
  ["Vocal session – pop duo", 0, 10, 12, 4, "confirmed", 0, [4, 15]],
] as const;

export async function seedStudio(trx: Db, engine: Engine) {
  const created = at(-30, 9);
  const roomId = (i: number) => seedId("studio_room", i);
  const rooms = await insertAll(
    trx,
    engine,
    "studio_rooms",
    ROOMS.map((room, i) => ({ id: roomId(i), ...room, created_at: created, updated_at: created })),
  );
  const sessions = await insertAll(
    trx,
    engine,
    "studio_sessions",
    SESSIONS.map(([title, room, day, hour, hours, status, brief], i) => {
      const starts = at(day, hour);
      return {
        id: seedId("studio_session", i),
        title,
        room_id: roomId(room),
        starts_at: starts,
        ends_at: new Date(Date.parse(starts) + hours * 3600_000).toISOString(),
        status,
        brief_id: brief === null ? null : seedId("brief", brief),
        notes: null,
        created_at: created,
        updated_at: created,
      };
    }),
  );
  const team = SESSIONS.flatMap(([, , , , , , , talent], i) =>
    talent.map((n) => ({ session_id: seedId("studio_session", i), contact_id: seedId("talent", n) })),
  );
  const members = await insertAll(
    trx,
    engine,
    "studio_session_talent",
    team.map((member, k) => ({ id: seedId("studio_session_talent", k), ...member, created_at: created })),
  );
  return { rooms, sessions, members };
}
