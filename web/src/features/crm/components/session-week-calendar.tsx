import {
  addDays,
  formatDayLabel,
  formatLongDay,
  stockholmDay,
  stockholmTime,
  weekDays,
  weekStart,
} from "@app/contracts/stockholm-time";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Spinner } from "@/components/ui/spinner";
import { type SessionView, useStudioRooms, useWeekSessions } from "@/features/crm/api/studio-sessions";
import { SessionStatusBadge } from "@/features/crm/components/session-status-badge";
import { weekGrid } from "@/features/crm/utils/week-grid";
import { cn } from "@/lib/utils";

type SessionWeekCalendarProps = {
  /** The week's Monday (a Stockholm day, YYYY-MM-DD). */
  monday: string;
  onWeekChange(monday: string): void;
  onOpenSession(session: SessionView): void;
};

/**
 * One Stockholm week per room: a table whose row headers are rooms and column headers days, each cell
 * the sessions touching that day as buttons (Tab moves room by room, day by day; each opens the session).
 */
export function SessionWeekCalendar({ monday, onWeekChange, onOpenSession }: SessionWeekCalendarProps) {
  const days = weekDays(monday);
  const sunday = days[6] as string;
  const rooms = useStudioRooms();
  const sessions = useWeekSessions(monday, sunday);
  const headingId = useId();
  const today = stockholmDay(Date.now());
  const rows = weekGrid(rooms.data ?? [], sessions.data ?? [], days);
  const title = `Week of ${formatLongDay(monday)}`;

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => onWeekChange(addDays(monday, -7))}>
            <ChevronLeft aria-hidden="true" />
            Previous week
          </Button>
          <Button variant="outline" size="sm" onClick={() => onWeekChange(weekStart(Date.now()))}>
            This week
          </Button>
          <Button variant="outline" size="sm" onClick={() => onWeekChange(addDays(monday, 7))}>
            Next week
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {sessions.isPending || rooms.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading...
        </p>
      ) : (
        <ScrollRegion label={`${title}, by room`} className="rounded-lg border">
          <table className="w-full min-w-[56rem] table-fixed border-collapse text-sm">
            <caption className="sr-only">Sessions per room and day, in Stockholm time</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="w-40 p-2 text-left font-medium">
                  Room
                </th>
                {days.map((day) => (
                  <th
                    key={day}
                    scope="col"
                    aria-current={day === today ? "date" : undefined}
                    className={cn("p-2 text-left font-medium", day === today && "text-primary")}
                  >
                    {formatDayLabel(day)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.roomId} className="border-b last:border-0 align-top">
                  <th scope="row" className="p-2 text-left font-medium">
                    {row.roomName}
                  </th>
                  {row.days.map((daySessions, i) => (
                    <td key={days[i]} className="p-1">
                      {daySessions.length === 0 ? null : (
                        <ul className="grid gap-1">
                          {daySessions.map((session) => (
                            <li key={session.id}>
                              <button
                                type="button"
                                onClick={() => onOpenSession(session)}
                                className={cn(
                                  "grid w-full gap-1 rounded-md border bg-muted p-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
                                  session.status === "cancelled" && "line-through opacity-80",
                                )}
                              >
                                <span className="font-medium">{session.title}</span>
                                <span className="text-muted-foreground">
                                  {stockholmTime(session.starts_at)}–{stockholmTime(session.ends_at)}
                                </span>
                                <SessionStatusBadge status={session.status} />
                                {session.team.length > 0 ? (
                                  <span className="text-xs text-muted-foreground">
                                    {session.team.map((member) => member.name).join(", ")}
                                  </span>
                                ) : null}
                              </button>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {sessions.data && sessions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No sessions this week.</p>
      ) : null}
    </section>
  );
}
