import type { Event } from "@app/contracts";

/**
 * The back office's two lists: what is still to come (soonest first, undated last, cancelled ones
 * included so staff see them) and what has happened (most recent first). An event belongs to the past
 * once the server reads it as past or its date has gone by (a cancelled event keeps its status).
 */
export function splitByTime(events: readonly Event[], now: number) {
  const isPast = (e: Event) =>
    e.status === "past" || (e.event_date !== null && Date.parse(e.event_date) < now);
  const time = (e: Event) => (e.event_date ? Date.parse(e.event_date) : Number.POSITIVE_INFINITY);
  const upcoming = events.filter((e) => !isPast(e)).sort((a, b) => time(a) - time(b));
  const past = events.filter(isPast).sort((a, b) => time(b) - time(a));
  return { upcoming, past };
}
