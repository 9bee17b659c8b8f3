import { overlapsDay } from "@app/contracts/stockholm-time";

type Timed = { starts_at: string; ends_at: string };

/**
 * The sessions touching a Stockholm day, earliest start first: one running past midnight is on both days,
 * and one at 23:30 UTC in winter is on the next day.
 */
export function sessionsOnDay<T extends Timed>(sessions: readonly T[], day: string): T[] {
  return sessions
    .filter((session) => overlapsDay(session, day))
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
}
