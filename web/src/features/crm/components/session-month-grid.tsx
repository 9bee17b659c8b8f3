import { formatLongDay, stockholmTime } from "@app/contracts/stockholm-time";
import type { SessionView } from "@/features/crm/api/studio-sessions";
import { sessionsOnDay } from "@/features/crm/utils/day-sessions";
import { cn } from "@/lib/utils";

/** A cell names this many sessions at most; with more it names one fewer and "+N more". */
const MAX_LINES = 3;
const WEEKDAYS = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

type SessionMonthGridProps = {
  /** The month's weeks, Monday to Sunday (from monthGrid). */
  weeks: string[][];
  /** "YYYY-MM": days of other months are dimmed. */
  month: string;
  today: string;
  sessions: SessionView[];
  onOpenDay(day: string): void;
};

const countLabel = (count: number) =>
  count === 0 ? "no sessions" : `${count} ${count === 1 ? "session" : "sessions"}`;

/**
 * A month in seven columns, Monday first. Each day is one button (it opens the day's view) that covers its
 * cell; on a wide screen the cell names its first sessions with their start times, on a phone it shows
 * only how many there are, so seven columns fit in 375 px.
 */
export function SessionMonthGrid({ weeks, month, today, sessions, onOpenDay }: SessionMonthGridProps) {
  return (
    <table className="w-full table-fixed border-collapse rounded-lg border text-sm">
      <caption className="sr-only">Sessions per day, in Stockholm time</caption>
      <thead>
        <tr className="border-b">
          {WEEKDAYS.map(([short, long]) => (
            <th key={long} scope="col" className="p-1 text-left text-xs font-medium sm:p-2 sm:text-sm">
              <abbr title={long} className="no-underline">
                {short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]} className="border-b last:border-0">
            {week.map((day) => {
              const daySessions = sessionsOnDay(sessions, day);
              const isOtherMonth = !day.startsWith(month);
              const lines =
                daySessions.length > MAX_LINES ? daySessions.slice(0, MAX_LINES - 1) : daySessions;
              const more = daySessions.length - lines.length;
              return (
                <td
                  key={day}
                  className={cn(
                    "relative h-14 border-r p-1 align-top last:border-r-0 sm:h-28",
                    isOtherMonth && "bg-muted text-muted-foreground",
                  )}
                >
                  <button
                    type="button"
                    aria-current={day === today ? "date" : undefined}
                    onClick={() => onOpenDay(day)}
                    className={cn(
                      "rounded-full px-1.5 text-xs font-medium after:absolute after:inset-0 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:text-sm",
                      day === today && "bg-primary text-primary-foreground",
                    )}
                  >
                    <span aria-hidden="true">{Number(day.slice(8))}</span>
                    <span className="sr-only">
                      {formatLongDay(day)}, {countLabel(daySessions.length)}
                    </span>
                  </button>
                  {daySessions.length > 0 ? (
                    <>
                      <ul className="mt-1 hidden gap-0.5 text-xs sm:grid">
                        {lines.map((session) => (
                          <li
                            key={session.id}
                            className={cn("truncate", session.status === "cancelled" && "line-through")}
                          >
                            <span className="tabular-nums">{stockholmTime(session.starts_at)}</span>{" "}
                            {session.title}
                          </li>
                        ))}
                        {more > 0 ? <li className="font-medium">+{more} more</li> : null}
                      </ul>
                      <span aria-hidden="true" className="mt-1 flex items-center gap-1 text-xs sm:hidden">
                        <span className="size-1.5 rounded-full bg-primary" />
                        {daySessions.length}
                      </span>
                    </>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
