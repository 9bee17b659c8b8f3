import { z } from "zod";
import { staffOnly } from "./crm-companies.table";
import { column, defineTable } from "./define-table";

export const STUDIO_ROOM_KINDS = ["recording", "mixing", "writing", "rehearsal", "other"] as const;
export type StudioRoomKind = (typeof STUDIO_ROOM_KINDS)[number];

export const SESSION_STATUSES = ["tentative", "confirmed", "cancelled", "completed"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const studioRoomsTable = defineTable({
  name: "studio_rooms",
  area: "studio",
  description: "the studio's bookable rooms and their hourly rate in whole kronor (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    name: column.text(200),
    kind: column.enum(STUDIO_ROOM_KINDS).withDefault(),
    hourly_rate_sek: column.integer().refine(z.number().int().min(0).max(1_000_000), 900).withDefault(),
    active: column.boolean().withDefault(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "name.asc",
  maxRows: 200,
  policy: staffOnly,
});

const timestamp = column.timestamp();

/** A session's times: the end strictly after the start (a half-open interval, so back to back is fine). */
export const endsAfterStarts = (times: { starts_at: string; ends_at: string }) =>
  Date.parse(times.ends_at) > Date.parse(times.starts_at);
export const ENDS_AFTER_STARTS_MESSAGE = "A session must end after it starts";

/**
 * A booking of a room, from `starts_at` up to (not including) `ends_at`. A room, or a person on the team,
 * is never in two overlapping sessions that are not cancelled: the database refuses the second.
 * Samples lie far in the past, so generated requests never clash with the seeded calendar.
 */
export const studioSessionsTable = defineTable({
  name: "studio_sessions",
  area: "studio",
  description: "studio bookings of a room and a team; no room or person is double booked (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    title: column.text(200),
    room_id: column.uuid().foreignKeyTo("studio_rooms"),
    starts_at: timestamp.refine(timestamp.schema, "2001-01-01T10:00:00.000Z"),
    ends_at: timestamp.refine(timestamp.schema, "2001-01-01T11:00:00.000Z"),
    status: column.enum(SESSION_STATUSES).withDefault(),
    brief_id: column.uuid().foreignKeyTo("crm_briefs").orNull(),
    /** The project the session is work for. */
    project_id: column.uuid().foreignKeyTo("projects").orNull(),
    notes: column.text(10_000).orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "starts_at.asc",
  maxRows: 500,
  policy: staffOnly,
});

/** Who is booked into a session: its team. */
export const studioSessionTalentTable = defineTable({
  name: "studio_session_talent",
  area: "studio",
  description: "the team of a studio session; nobody is booked into two overlapping sessions (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    session_id: column.uuid().foreignKeyTo("studio_sessions"),
    contact_id: column.uuid().foreignKeyTo("crm_contacts"),
    created_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.asc",
  maxRows: 1000,
  policy: staffOnly,
});
