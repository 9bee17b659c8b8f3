import { tzOffset } from "@date-fns/tz/tzOffset";

/*
 * The business's clock, for the server and the web alike: every time a person reads or types (a studio
 * session, an event, a backup) is Stockholm's wall clock, whatever zone the server or the browser runs in;
 * the API's instants are UTC. Stockholm's offset at an instant comes from @date-fns/tz (the runtime's own
 * time-zone rules); nothing here reads the machine's zone. Day keys are "YYYY-MM-DD" strings, so day
 * arithmetic never passes through a machine's zone either.
 *
 * A wall time is not always exactly one instant. When summer time starts (last Sunday of March, 02:00
 * becomes 03:00) a time in the skipped hour moves forward by that hour: 02:30 is read as 03:30 summer time.
 * When it ends (last Sunday of October, 03:00 becomes 02:00 again) a time in the repeated hour is read as
 * its second occurrence, in winter time: 02:30 is 01:30 UTC, not 00:30 UTC.
 *
 * The library's own wall-time constructor (TZDate) is not used for that direction: at exactly those hours
 * its answer depends on the machine's zone (a browser in London reads the skipped 02:30 as 01:30), so the
 * server and a browser could disagree about the same typed time.
 */
export const STOCKHOLM_TIME_ZONE = "Europe/Stockholm";

/** An instant as the API or a caller has it: an ISO timestamp, epoch milliseconds or a Date. */
export type Instant = string | number | Date;

/** A reading of Stockholm's wall clock: date "YYYY-MM-DD", time "HH:MM". */
export type StockholmWallTime = { date: string; time: string };

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{2}):(\d{2})$/;

const toMs = (instant: Instant) => (typeof instant === "number" ? instant : new Date(instant).getTime());

/** How far Stockholm's clocks are ahead of UTC at an instant, in milliseconds (one hour, two in summer). */
const offsetAt = (ms: number) => tzOffset(STOCKHOLM_TIME_ZONE, new Date(ms)) * MINUTE_MS;

/** The wall-clock date and time an instant shows in Stockholm; a RangeError for an invalid instant. */
export function stockholmWallTime(instant: Instant): StockholmWallTime {
  const ms = toMs(instant);
  if (Number.isNaN(ms)) throw new RangeError("Invalid time value");
  // Moved by Stockholm's offset, the instant's UTC reading is what Stockholm's clocks show.
  const shown = new Date(ms + offsetAt(ms)).toISOString();
  return { date: shown.slice(0, 10), time: shown.slice(11, 16) };
}

/** The instant of a Stockholm wall time, or null when date or time is not in the expected form. */
function parseWallTime(date: string, time: string): Date | null {
  const day = DATE_KEY.exec(date);
  const clock = CLOCK.exec(time);
  if (!day || !clock) return null;
  const [, year, month, dayOfMonth] = day.map(Number) as number[];
  const [, hours, minutes] = clock.map(Number) as number[];
  const wall = Date.UTC(year as number, (month as number) - 1, dayOfMonth, hours, minutes);
  // Read with the offset in force a day before and a day after: no two changes are that close, so these
  // are the only candidates. Both show the wall time in the repeated hour (the later one wins), neither in
  // the skipped hour (the later one is the wall time moved forward by the change).
  const candidates = [wall - offsetAt(wall - DAY_MS), wall - offsetAt(wall + DAY_MS)].sort((a, b) => b - a);
  const shows = (ms: number) => ms + offsetAt(ms) === wall;
  return new Date(candidates.find(shows) ?? (candidates[0] as number));
}

/**
 * The instant a Stockholm wall time ("YYYY-MM-DD", "HH:MM") names, with the summer-time rule above; a
 * RangeError when either part is not in that form.
 */
export function instantFromStockholm(date: string, time: string): Date {
  const instant = parseWallTime(date, time);
  if (!instant) throw new RangeError(`Not a Stockholm wall time: ${date} ${time}`);
  return instant;
}

/** The Stockholm day an instant falls on: 23:30 UTC in winter is already the next day. */
export const stockholmDay = (instant: Instant) => stockholmWallTime(instant).date;
/** "HH:MM" in Stockholm. */
export const stockholmTime = (instant: Instant) => stockholmWallTime(instant).time;

/** An instant as the value of a datetime-local input ("YYYY-MM-DDTHH:MM") showing Stockholm time. */
export function toStockholmLocal(instant: Instant): string {
  const { date, time } = stockholmWallTime(instant);
  return `${date}T${time}`;
}

/** A datetime-local value read as Stockholm time, as an ISO instant (UTC); "" when it is not such a value. */
export function fromStockholmLocal(local: string): string {
  const [date = "", time = "", ...rest] = local.split("T");
  const instant = rest.length === 0 ? parseWallTime(date, time) : null;
  return instant ? instant.toISOString() : "";
}

/** Calendar arithmetic on day keys. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the Stockholm week an instant (or a day key) falls in. */
export function weekStart(dayOrInstant: Instant): string {
  const day =
    typeof dayOrInstant === "string" && DATE_KEY.test(dayOrInstant)
      ? dayOrInstant
      : stockholmDay(dayOrInstant);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** The instants a Stockholm day spans: [midnight, next midnight), 23 or 25 hours on a change day. */
export function dayBounds(day: string) {
  return {
    from: instantFromStockholm(day, "00:00").toISOString(),
    to: instantFromStockholm(addDays(day, 1), "00:00").toISOString(),
  };
}

/** Whether [startsAt, endsAt) touches the Stockholm day. */
export function overlapsDay(session: { starts_at: string; ends_at: string }, day: string) {
  const { from, to } = dayBounds(day);
  return toMs(session.starts_at) < toMs(to) && toMs(session.ends_at) > toMs(from);
}

/** "2026-12-01 10:00–12:00", or both dates when the span crosses a Stockholm midnight. */
export function formatStockholmSpan(startsAt: Instant, endsAt: Instant): string {
  const from = stockholmWallTime(startsAt);
  const to = stockholmWallTime(endsAt);
  return `${from.date} ${from.time}–${from.date === to.date ? to.time : `${to.date} ${to.time}`}`;
}

// Display formats read in English (the screens are), on Stockholm's clock.
const STOCKHOLM_FORMATS = {
  /** "16 Jan 2026, 00:30" */
  dateTime: new Intl.DateTimeFormat("en-GB", {
    timeZone: STOCKHOLM_TIME_ZONE,
    dateStyle: "medium",
    timeStyle: "short",
  }),
  /** "Sat, 14 Mar 2026, 19:30": an event as its audience reads it, with the weekday they plan by. */
  eventDateTime: new Intl.DateTimeFormat("en-GB", {
    timeZone: STOCKHOLM_TIME_ZONE,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }),
} as const;

export type StockholmStyle = keyof typeof STOCKHOLM_FORMATS;

/** An instant for people to read, in Stockholm time; a RangeError for an invalid instant. */
export function formatStockholm(instant: Instant, style: StockholmStyle): string {
  return STOCKHOLM_FORMATS[style].format(toMs(instant));
}

/**
 * Stockholm's zone abbreviation at an instant: CET in winter, CEST in summer. Taken from the offset rather
 * than from Intl's zone names, which vary with the reader's locale and the runtime's ICU data.
 */
export function stockholmZoneName(instant: Instant): "CET" | "CEST" {
  const ms = toMs(instant);
  if (Number.isNaN(ms)) throw new RangeError("Invalid time value");
  return offsetAt(ms) > 60 * MINUTE_MS ? "CEST" : "CET";
}

/**
 * An instant for people anywhere to read as the venue's time, named as such: "Sat, 14 Mar 2026, 19:30
 * CET". A visitor in New York sees the same words as one in Stockholm, because the time is where it
 * happens; a RangeError for an invalid instant.
 */
export function formatStockholmWithZone(instant: Instant, style: StockholmStyle = "eventDateTime"): string {
  return `${formatStockholm(instant, style)} ${stockholmZoneName(instant)}`;
}

// Day keys name a calendar day, not an instant: read at UTC midnight so no zone can move them.
const DAY_LABEL = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
});
const LONG_DAY_LABEL = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "Mon 30 Nov" for a day key. */
export const formatDayLabel = (day: string) => DAY_LABEL.format(new Date(`${day}T00:00:00Z`));
/** "Monday 30 November 2026" for a day key. */
export const formatLongDay = (day: string) => LONG_DAY_LABEL.format(new Date(`${day}T00:00:00Z`));
