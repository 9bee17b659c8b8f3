/*
 * The back office runs on Stockholm time whatever zone the browser is in (a session or an event happens
 * here): days, weeks and the times people type are Stockholm's, and the API's instants are UTC. Day keys
 * are "YYYY-MM-DD" strings, so day arithmetic never passes through the browser's own zone.
 */
export const STOCKHOLM_TIME_ZONE = "Europe/Stockholm";

const PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: STOCKHOLM_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant's wall-clock reading in Stockholm. */
function wallClock(instant: number) {
  const parts = Object.fromEntries(
    PARTS.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    asUtc: Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ),
  };
}

const toMs = (instant: string | number | Date) =>
  typeof instant === "number" ? instant : new Date(instant).getTime();

/** The Stockholm day an instant falls on: a session at 23:30 UTC in winter is on the next day. */
export const stockholmDay = (instant: string | number | Date) => wallClock(toMs(instant)).day;
/** "HH:MM" in Stockholm. */
export const stockholmTime = (instant: string | number | Date) => wallClock(toMs(instant)).time;

/** A Stockholm wall-clock time ("YYYY-MM-DDTHH:MM") as an ISO instant, through summer-time changes. */
export function fromStockholmLocal(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return "";
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const wanted = Date.UTC(y as number, (mo as number) - 1, d, h, mi);
  // The offset at a first guess, then at the corrected instant (they differ only next to a change).
  let instant = wanted - (wallClock(wanted).asUtc - wanted);
  instant = wanted - (wallClock(instant).asUtc - instant);
  return new Date(instant).toISOString();
}

/** An instant as the value of a datetime-local input showing Stockholm time. */
export function toStockholmLocal(instant: string | number | Date): string {
  const { day, time } = wallClock(toMs(instant));
  return `${day}T${time}`;
}

/** Calendar arithmetic on day keys. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the Stockholm week an instant (or a day key) falls in. */
export function weekStart(dayOrInstant: string | number | Date): string {
  const day =
    typeof dayOrInstant === "string" && /^\d{4}-\d{2}-\d{2}$/.test(dayOrInstant)
      ? dayOrInstant
      : stockholmDay(dayOrInstant);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** The instants a Stockholm day spans: [midnight, next midnight), 23 or 25 hours on a change day. */
export function dayBounds(day: string) {
  return { from: fromStockholmLocal(`${day}T00:00`), to: fromStockholmLocal(`${addDays(day, 1)}T00:00`) };
}

/** Whether [startsAt, endsAt) touches the Stockholm day. */
export function overlapsDay(session: { starts_at: string; ends_at: string }, day: string) {
  const { from, to } = dayBounds(day);
  return toMs(session.starts_at) < toMs(to) && toMs(session.ends_at) > toMs(from);
}

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

/** "2026-12-01 10:00–12:00", or both dates when the span crosses a Stockholm midnight. */
export function formatStockholmSpan(startsAt: string, endsAt: string): string {
  const from = wallClock(toMs(startsAt));
  const to = wallClock(toMs(endsAt));
  return `${from.day} ${from.time}–${from.day === to.day ? to.time : `${to.day} ${to.time}`}`;
}
