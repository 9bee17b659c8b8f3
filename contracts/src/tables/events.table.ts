import { column, defineTable } from "./define-table";

export const EVENT_STATUSES = ["upcoming", "cancelled", "past"] as const;

export const eventsTable = defineTable({
  name: "events",
  description: "community events shown on the public site (anyone with the API key may read)",
  columns: {
    id: column.uuid().withDefault(),
    title: column.text(200),
    description: column.text(5000).orNull(),
    event_date: column.timestamp().orNull(),
    status: column.enum(EVENT_STATUSES).withDefault(),
    location: column.text(300).orNull(),
    event_type: column.text(100).orNull(),
    max_attendees: column.integer().refine(column.integer().schema.min(0).max(1_000_000)).orNull(),
    image_url: column.text(2048).orNull(),
    external_link: column.text(2048).orNull(),
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
