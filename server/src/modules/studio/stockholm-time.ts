/** The studio's clock: every time a person reads is Stockholm's, whatever zone the server runs in. */
const STOCKHOLM = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Stockholm",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function parts(iso: string) {
  const get = (type: Intl.DateTimeFormatPartTypes, all: Intl.DateTimeFormatPart[]) =>
    all.find((p) => p.type === type)?.value ?? "";
  const all = STOCKHOLM.formatToParts(new Date(iso));
  return {
    day: `${get("year", all)}-${get("month", all)}-${get("day", all)}`,
    time: `${get("hour", all)}:${get("minute", all)}`,
  };
}

/** "2026-12-01 10:00–12:00", or both dates when the span crosses midnight in Stockholm. */
export function formatStockholmSpan(startsAt: string, endsAt: string): string {
  const from = parts(startsAt);
  const to = parts(endsAt);
  const end = from.day === to.day ? to.time : `${to.day} ${to.time}`;
  return `${from.day} ${from.time}–${end}`;
}
