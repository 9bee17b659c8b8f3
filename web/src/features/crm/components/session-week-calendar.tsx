import { formatDayLabel } from "@app/contracts/stockholm-time";
import { ScrollRegion } from "@/components/ui/scroll-region";
import type { StudioRoom } from "@/features/crm/api/crm-types";
import type { SessionView } from "@/features/crm/api/studio-sessions";
import { SessionItem } from "@/features/crm/components/session-item";
import { weekGrid } from "@/features/crm/utils/week-grid";
import { cn } from "@/lib/utils";

type SessionWeekCalendarProps = {
  /** Monday to Sunday, as Stockholm day keys. */
  days: string[];
  today: string;
  rooms: StudioRoom[];
  sessions: SessionView[];
  /** The week's heading, which names the scrolling region. */
  title: string;
  onOpenSession(session: SessionView): void;
};

/**
 * One Stockholm week per room: a table whose row headers are rooms and column headers days, each cell
 * the sessions touching that day as buttons (Tab moves room by room, day by day; each opens the session).
 * Seven columns do not fit a phone, so the table scrolls sideways inside its region, never the page.
 */
export function SessionWeekCalendar({
  days,
  today,
  rooms,
  sessions,
  title,
  onOpenSession,
}: SessionWeekCalendarProps) {
  const rows = weekGrid(rooms, sessions, days);
  return (
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
                          <SessionItem session={session} onOpen={onOpenSession} />
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
  );
}
