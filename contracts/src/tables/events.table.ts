import { z } from "zod";
import { column, defineTable } from "./define-table";

/** The statuses a reader sees. */
export const EVENT_STATUSES = ["upcoming", "cancelled", "past"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * The statuses stored and written. "past" is never stored: every read derives it from event_date (an
 * upcoming event whose date has gone by), so it can never disagree with the date. A write of "past" is
 * refused rather than quietly stored as "upcoming", so a client learns the rule instead of guessing.
 */
export const EVENT_STORED_STATUSES = ["upcoming", "cancelled"] as const;
export const eventStoredStatusSchema = z.enum(EVENT_STORED_STATUSES, {
  errorMap: () => ({ message: "must be upcoming or cancelled (past follows from the event date)" }),
});

const declared = defineTable({
  name: "events",
  area: "site",
  description:
    "community events shown on the public site (anyone with the API key may read the published ones; staff see drafts too)",
  columns: {
    id: column.uuid().withDefault(),
    title: column.text(200).searchable(),
    description: column.text(5000).searchable().orNull(),
    event_date: column.timestamp().orNull(),
    /** Read: upcoming, cancelled or past (derived); written: upcoming or cancelled. */
    status: column.enum(EVENT_STATUSES).withDefault(),
    location: column.text(300).orNull(),
    event_type: column.text(100).orNull(),
    max_attendees: column.integer().refine(column.integer().schema.min(0).max(1_000_000)).orNull(),
    /** The poster: a web address, or a path on this site (a bundled poster or one uploaded to storage). */
    image_url: column.imageAddress("/images/events/sample.svg").orNull(),
    /**
     * "Event Info" on the public list: a web page only. Not mailto:, because the public list offers it as
     * a page to read, and an organiser's address belongs in the description if anywhere.
     */
    external_link: column.webAddress("https://example.com/events/sample").orNull(),
    /**
     * A draft (false, the default) is seen by staff only; anyone else reads published events alone,
     * through every filter, count and page, as if the drafts were not there.
     */
    published: column.boolean().withDefault(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "event_date.asc",
  // PostgREST's max-rows for a public table: a page never grows without bound.
  maxRows: 1000,
  policy: {
    select: ["anon", "authenticated", "staff", "admin"],
    insert: ["staff", "admin"],
    update: ["staff", "admin"],
    delete: ["staff", "admin"],
  },
});

export const eventsTable = {
  ...declared,
  insert: declared.insert.extend({ status: eventStoredStatusSchema.optional() }),
  update: declared.update.extend({ status: eventStoredStatusSchema.optional() }),
};
