import { type Event, tables } from "@app/contracts";
import { fromStockholmInput, toStockholmInput } from "@/features/events/utils/stockholm-time";
import { nullIfBlank, numberOrNull, textOf } from "@/lib/form-values";
import { requireText } from "@/lib/require-text";

export type EventFormValues = {
  title: string;
  description: string;
  /** datetime-local text in Stockholm time. */
  event_date: string;
  /** What staff choose: upcoming or cancelled (past follows from the date). */
  status: "upcoming" | "cancelled";
  location: string;
  event_type: string;
  max_attendees: string;
  /** The poster's address as stored; a newly picked file replaces it when the form is saved. */
  image_url: string;
  external_link: string;
  /** On the public site; a draft (false) is seen by staff only. */
  published: boolean;
};

export const EVENT_STATUS_OPTIONS = [
  { value: "upcoming", label: "Scheduled (upcoming, past once its date has gone by)" },
  { value: "cancelled", label: "Cancelled" },
] as const;

export function toEventFormValues(event?: Event | null): EventFormValues {
  return {
    title: textOf(event?.title),
    description: textOf(event?.description),
    event_date: toStockholmInput(event?.event_date),
    // An event read as past is stored as upcoming: saving it keeps it that way.
    status: event?.status === "cancelled" ? "cancelled" : "upcoming",
    location: textOf(event?.location),
    event_type: textOf(event?.event_type),
    max_attendees: textOf(event?.max_attendees),
    image_url: textOf(event?.image_url),
    external_link: textOf(event?.external_link),
    // A new event starts as a draft: nothing reaches the site before someone decides it should.
    published: event?.published ?? false,
  };
}

export function toEventPayload(values: EventFormValues): Record<string, unknown> {
  return {
    title: values.title.trim(),
    description: nullIfBlank(values.description),
    event_date: fromStockholmInput(values.event_date),
    status: values.status,
    location: nullIfBlank(values.location),
    event_type: nullIfBlank(values.event_type),
    max_attendees: numberOrNull(values.max_attendees),
    image_url: nullIfBlank(values.image_url),
    external_link: nullIfBlank(values.external_link),
    published: values.published,
  };
}

/** The table's own write schemas (the server runs the same), plus a title that is not blank. */
export const eventInsertSchema = requireText(tables.events.insert, ["title"]);
export const eventUpdateSchema = requireText(tables.events.update, ["title"]);

/*
 * The poster bucket's rules as a hint before uploading (the storage server checks the bytes and the
 * size itself and has the last word).
 */
export const POSTER_BUCKET = "event-posters";
export const POSTER_TYPES = ["image/png", "image/jpeg", "image/webp", "image/avif"] as const;
const POSTER_MAX_BYTES = 5 * 1024 * 1024;
export const POSTER_HINT = "PNG, JPEG, WebP or AVIF, up to 5 MB.";

/** Why a picked file cannot be a poster, or null when it may be. */
export function posterProblem(file: { type: string; size: number }): string | null {
  if (!(POSTER_TYPES as readonly string[]).includes(file.type)) {
    return "Choose a PNG, JPEG, WebP or AVIF image.";
  }
  if (file.size > POSTER_MAX_BYTES) return "This image is larger than 5 MB.";
  if (file.size === 0) return "This file is empty.";
  return null;
}
