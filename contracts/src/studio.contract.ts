import { initContract } from "@ts-rest/core";
import { z } from "zod";
import {
  access,
  apiErrorSchema,
  apiKeyErrorSchema,
  personRpcAccess,
  restErrorResponses,
  restHeadersSchema,
  serviceRoleAccess,
} from "./common";
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
    project_id: z.string().uuid().nullable().default(null),
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

const contactRef = z.object({ contact_id: z.string().uuid("must be a contact's id") }).strict();

/** Whether a person's calendar feed is on; the link itself is shown once, when it is made. */
export const calendarFeedStateSchema = z.object({
  contact_id: z.string(),
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;

/** A new feed link: the only time the server gives it out (it keeps only its SHA-256). */
export const newCalendarFeedSchema = calendarFeedStateSchema.extend({ url: z.string() });
export type NewCalendarFeed = z.infer<typeof newCalendarFeedSchema>;

const calendarFile = c.otherResponse({ contentType: "text/calendar; charset=utf-8", body: z.string() });
const apiErrors = {
  400: apiErrorSchema,
  401: z.union([apiErrorSchema, apiKeyErrorSchema]),
  403: apiErrorSchema,
  404: apiErrorSchema,
} as const;

/**
 * Calendars: one session as an .ics file for staff to add by hand, and per person a feed that Google,
 * Apple or Outlook calendars subscribe to. A feed is read by a calendar app that sends no headers, so
 * its secret is its link: made and replaced by staff, shown once, and turned off at any time.
 */
const calendarRoutes = {
  sessionCalendarFile: {
    method: "GET",
    path: "/api/studio/sessions/:id/calendar.ics",
    pathParams: z.object({ id: z.string().uuid("must be a session's id") }),
    responses: { 200: calendarFile, ...apiErrors },
    metadata: access("staff"),
    summary: "One studio session as an iCalendar file (an attachment)",
  },
  calendarFeed: {
    method: "GET",
    path: "/api/calendar/feed.ics",
    query: z.object({ token: z.string().min(1).max(128) }).strict(),
    responses: { 200: calendarFile, ...apiErrors },
    metadata: access("open"),
    summary:
      "A person's sessions (from 90 days back) as an iCalendar feed, for calendar apps; the token is the one in the link staff made",
  },
  calendarFeedState: {
    method: "POST",
    path: "/rest/v1/rpc/calendar_feed",
    headers: restHeadersSchema,
    body: contactRef,
    responses: { 200: calendarFeedStateSchema, 404: restErrorResponses[400], ...restErrorResponses },
    metadata: serviceRoleAccess("staff"),
    summary: "Whether a person's calendar feed is on, and since when (staff only)",
  },
  createCalendarFeed: {
    method: "POST",
    path: "/rest/v1/rpc/create_calendar_feed",
    headers: restHeadersSchema,
    body: contactRef,
    responses: { 200: newCalendarFeedSchema, 404: restErrorResponses[400], ...restErrorResponses },
    // Who made it is kept only as a person's id: the service_role key, which is nobody, is refused.
    metadata: personRpcAccess("staff"),
    summary:
      "Make a person's calendar feed link, replacing (and so turning off) any earlier one (staff only)",
  },
  revokeCalendarFeed: {
    method: "POST",
    path: "/rest/v1/rpc/revoke_calendar_feed",
    headers: restHeadersSchema,
    body: contactRef,
    responses: { 200: calendarFeedStateSchema, 404: restErrorResponses[400], ...restErrorResponses },
    metadata: serviceRoleAccess("staff"),
    summary: "Turn a person's calendar feed off: its link stops working at once (staff only)",
  },
} as const;

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
    metadata: serviceRoleAccess("staff"),
    summary: "Book a studio session with its team in one transaction (staff only)",
  },
  ...calendarRoutes,
});
