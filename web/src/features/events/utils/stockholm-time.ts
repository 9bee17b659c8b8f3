/*
 * Staff enter and read event times in Stockholm time, whatever their own computer's zone: an event's
 * time is where it happens. The API stores UTC; these turn one into the other, summer time included.
 */
export const EVENT_TIME_ZONE = "Europe/Stockholm";

const partsFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: EVENT_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function stockholmParts(ms: number) {
  const parts = Object.fromEntries(partsFormatter.formatToParts(ms).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far Stockholm's wall clock is ahead of UTC at this instant, in milliseconds. */
function offsetAt(ms: number): number {
  const p = stockholmParts(ms);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO timestamp as a datetime-local value (YYYY-MM-DDTHH:mm) in Stockholm time; "" for none. */
export function toStockholmInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const p = stockholmParts(ms);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A datetime-local value read as Stockholm time, as an ISO timestamp (UTC); null when blank. Text that
 * is not such a value is handed back as it is, so the table's schema refuses it next to the field. A
 * time the clocks skip in spring is read as the same wall time an hour later; one they repeat in autumn
 * as its first occurrence.
 */
export function fromStockholmInput(value: string): string | null {
  const text = value.trim();
  if (text === "") return null;
  const match = LOCAL_INPUT.exec(text);
  if (!match) return text;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const wall = Date.UTC(y as number, (mo as number) - 1, d, h, mi);
  if (Number.isNaN(wall)) return text;
  // The offset depends on the instant, which depends on the offset: two steps settle it.
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant).toISOString();
}

const displayFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: EVENT_TIME_ZONE,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** An event's time for the back office, in Stockholm time; "-" when it has none. */
export function formatStockholmTime(iso: string | null | undefined): string {
  if (!iso) return "-";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? "-" : displayFormatter.format(ms);
}
