import { stockholmDay } from "@app/contracts/stockholm-time";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { type SessionView, useCalendarSessions, useStudioRooms } from "@/features/crm/api/studio-sessions";
import { CalendarViewSwitch } from "@/features/crm/components/calendar-view-switch";
import { SessionDayList } from "@/features/crm/components/session-day-list";
import { SessionMonthGrid } from "@/features/crm/components/session-month-grid";
import { SessionWeekCalendar } from "@/features/crm/components/session-week-calendar";
import {
  type CalendarView,
  formatPeriod,
  monthGrid,
  shiftDate,
  viewDays,
} from "@/features/crm/utils/calendar-dates";

export type CalendarPlace = { view: CalendarView; date: string };

type SessionCalendarProps = CalendarPlace & {
  onNavigate(place: CalendarPlace): void;
  onOpenSession(session: SessionView): void;
};

const EMPTY_NOTE: Record<CalendarView, string> = {
  day: "No sessions this day.",
  week: "No sessions this week.",
  month: "No sessions this month.",
};

/**
 * The sessions calendar in Stockholm time: a day, a week per room or a month, with the view switch and
 * previous, today and next moving by the view's own period. `date` is any day of the period shown.
 */
export function SessionCalendar({ view, date, onNavigate, onOpenSession }: SessionCalendarProps) {
  const headingId = useId();
  const today = stockholmDay(Date.now());
  const days = viewDays(view, date);
  const rooms = useStudioRooms();
  const sessions = useCalendarSessions(days[0] as string, days.at(-1) as string);
  const title = formatPeriod(view, date);
  const sessionsShown = sessions.data ?? [];

  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <CalendarViewSwitch view={view} onViewChange={(next) => onNavigate({ view: next, date })} />
      </div>
      {/* On a phone the buttons read "Previous" and "Next" to stay on one line; their labels keep the unit. */}
      <nav aria-label="Calendar dates" className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-label={`Previous ${view}`}
          onClick={() => onNavigate({ view, date: shiftDate(view, date, -1) })}
        >
          <ChevronLeft aria-hidden="true" />
          Previous<span className="max-sm:hidden"> {view}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => onNavigate({ view, date: today })}>
          Today
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Next ${view}`}
          onClick={() => onNavigate({ view, date: shiftDate(view, date, 1) })}
        >
          Next<span className="max-sm:hidden"> {view}</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
      {sessions.isPending || rooms.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading...
        </p>
      ) : view === "day" ? (
        <SessionDayList day={date} sessions={sessionsShown} title={title} onOpenSession={onOpenSession} />
      ) : view === "week" ? (
        <SessionWeekCalendar
          days={days}
          today={today}
          rooms={rooms.data ?? []}
          sessions={sessionsShown}
          title={title}
          onOpenSession={onOpenSession}
        />
      ) : (
        <SessionMonthGrid
          weeks={monthGrid(date)}
          month={date.slice(0, 7)}
          today={today}
          sessions={sessionsShown}
          onOpenDay={(day) => onNavigate({ view: "day", date: day })}
        />
      )}
      {sessions.data && sessions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{EMPTY_NOTE[view]}</p>
      ) : null}
    </section>
  );
}
