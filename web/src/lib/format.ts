/*
 * Display formats shared by the back-office screens: money is always SEK and relative times
 * read in English with "ago" or "in", whatever the browser's language.
 */
// The ISO code, not "kr": the screens are in English and the spec names the currency SEK.
const sekFormatter = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "SEK",
  currencyDisplay: "code",
  maximumFractionDigits: 0,
});

export function formatSek(amount: number): string {
  return sekFormatter.format(amount);
}

const relativeFormatter = new Intl.RelativeTimeFormat("en", { numeric: "always" });
const MINUTE_MS = 60 * 1000;

/** Math.round rounds -1.5 to -1; the past and the future must round alike ("2 months ago", "in 2 months"). */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 60 * 60 * 1000],
  ["month", 30 * 24 * 60 * 60 * 1000],
  ["week", 7 * 24 * 60 * 60 * 1000],
  ["day", 24 * 60 * 60 * 1000],
  ["hour", 60 * 60 * 1000],
  ["minute", 60 * 1000],
];

/** "3 days ago", "in 2 hours"; the largest whole unit wins, seconds below a minute. */
export function formatRelativeTime(date: string | Date, now: Date = new Date()): string {
  const exact = new Date(date).getTime() - now.getTime();
  if (Math.abs(exact) < MINUTE_MS) return relativeFormatter.format(Math.round(exact / 1000), "second");
  // Whole minutes first, so "a day from a few milliseconds ago" reads "in 1 day", not "in 24 hours".
  const diff = Math.round(exact / MINUTE_MS) * MINUTE_MS;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return relativeFormatter.format(roundHalfAway(diff / size), unit);
  }
  return relativeFormatter.format(0, "minute");
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysBetween(from: string | Date, to: Date): number {
  return Math.floor((to.getTime() - new Date(from).getTime()) / DAY_MS);
}

// A calendar day (a due date, a closing date) has no time of day: shown as the day itself, in UTC so the
// date never shifts with the browser's time zone.
const dayFormatter = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-12-24" → "24 Dec 2026". */
export function formatDay(day: string): string {
  return dayFormatter.format(new Date(`${day}T00:00:00Z`));
}

const dateTimeFormatter = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** An instant in the browser's time zone, with year, short month, day, hour and minute: "23 Nov 2026, 18:02". */
export function formatDateTime(instant: string | Date): string {
  return dateTimeFormatter.format(new Date(instant));
}
