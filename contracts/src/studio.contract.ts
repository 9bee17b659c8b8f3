import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, restErrorResponses, restHeadersSchema } from "./common";
import {
  ENDS_AFTER_STARTS_MESSAGE,
  endsAfterStarts,
  SESSION_STATUSES,
  studioSessionsTable,
} from "./tables/studio-sessions.table";

const c = initContract();

/** The most people one booking names. */
export const MAX_SESSION_TEAM = 20;

const isoTimestamp = z.string().datetime({ offset: true, message: "must be an ISO-8601 timestamp" });

/** A session and its team, booked in one call. */
export const bookStudioSessionSchema = z
  .object({
    title: z.string().trim().min(1, "A session needs a title").max(200, "A title is at most 200 characters"),
    room_id: z.string().uuid("Choose a room"),
    starts_at: isoTimestamp,
    ends_at: isoTimestamp,
    status: z.enum(SESSION_STATUSES).default("tentative"),
    brief_id: z.string().uuid().nullable().default(null),
    notes: z.string().max(10_000, "Notes are at most 10000 characters").nullable().default(null),
    contact_ids: z
      .array(z.string().uuid())
      .max(MAX_SESSION_TEAM, `A team is at most ${MAX_SESSION_TEAM} people`)
      .refine((ids) => new Set(ids).size === ids.length, "A person is on the team once")
      .default([]),
  })
  .strict()
  .refine(endsAfterStarts, { message: ENDS_AFTER_STARTS_MESSAGE, path: ["ends_at"] });
export type BookStudioSession = z.input<typeof bookStudioSessionSchema>;

export const bookedSessionSchema = studioSessionsTable.row.extend({
  contact_ids: z.array(z.string().uuid()),
});
export type BookedSession = z.infer<typeof bookedSessionSchema>;

/**
 * Booking writes the session and its team in one transaction, so a clash on any team member leaves
 * nothing half-written (a PostgREST RPC, so supabase-js's `.rpc("book_studio_session", {...})` works).
 * A clash answers 409 with PostgreSQL's exclusion-violation code, 23P01, naming who clashes and when.
 */
export const studioContract = c.router({
  bookStudioSession: {
    method: "POST",
    path: "/rest/v1/rpc/book_studio_session",
    headers: restHeadersSchema,
    body: bookStudioSessionSchema,
    responses: { 200: bookedSessionSchema, 409: restErrorResponses[400], ...restErrorResponses },
    metadata: access("staff"),
    summary: "Book a studio session with its team in one transaction (staff only)",
  },
});
