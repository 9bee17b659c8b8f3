import { stockholmDay } from "@app/contracts/stockholm-time";
import { CalendarDays, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { type SessionView, useSessionCount } from "@/features/crm/api/studio-sessions";
import { type CalendarPlace, SessionCalendar } from "@/features/crm/components/session-calendar";
import { SessionFormDialog } from "@/features/crm/components/session-form-dialog";
import { SessionList } from "@/features/crm/components/session-list";
import { readCalendarPlace } from "@/features/crm/utils/calendar-dates";
import { useLiveTables } from "@/lib/live/live-context";
import { crmQueryKey } from "@/lib/query-keys";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useMediaQuery } from "@/lib/use-media-query";
import { useUrlState } from "@/lib/use-url-state";

/** `week` is read only: links from elsewhere name a week by any of its days. */
const URL_DEFAULTS = { tab: "calendar", view: "", date: "", week: "", page: "1" };
/** Below Tailwind's `sm`, where a week's seven columns no longer fit beside each other. */
const PHONE_QUERY = "(max-width: 639px)";

/** Sessions: a day, week or month calendar and a list, with booking, editing and cancelling. */
export function SessionsPage() {
  useDocumentTitle("Sessions");
  useLiveTables(["studio_sessions", "studio_session_talent", "studio_rooms"], [crmQueryKey]);
  const [state, setState] = useUrlState(URL_DEFAULTS);
  const [dialog, setDialog] = useState<{ session: SessionView | null } | null>(null);
  const count = useSessionCount();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const place = readCalendarPlace(state, { today: stockholmDay(Date.now()), isPhone });
  // The view is written with every move, so a reload or Back shows what was on screen whatever its width.
  const showPlace = ({ view, date }: CalendarPlace) => setState({ tab: "calendar", view, date, week: "" });
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const bookSession = () => setDialog({ session: null });
  const openSession = (session: SessionView) => setDialog({ session });
  const isEmpty = count.data === 0;

  const emptyState = (
    <EmptyState
      icon={CalendarDays}
      title="No Sessions Found"
      description="Book a studio or writing session to see it here."
    >
      <Button variant="secondary" onClick={bookSession}>
        <Plus aria-hidden="true" />
        Book Session
      </Button>
    </EmptyState>
  );

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Sessions"
        description="Studio and writing sessions, in Stockholm time."
        actions={
          <Button onClick={bookSession}>
            <Plus aria-hidden="true" />
            New Session
          </Button>
        }
      />
      <Tabs value={state.tab === "list" ? "list" : "calendar"} onValueChange={(tab) => setState({ tab })}>
        <TabsList>
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
          <TabsTrigger value="list">List</TabsTrigger>
        </TabsList>
        <TabsContent value="calendar">
          {isEmpty ? (
            emptyState
          ) : (
            <SessionCalendar
              view={place.view}
              date={place.date}
              onNavigate={showPlace}
              onOpenSession={openSession}
            />
          )}
        </TabsContent>
        <TabsContent value="list">
          {isEmpty ? (
            emptyState
          ) : (
            <SessionList
              page={page}
              onPageChange={(next) => setState({ page: String(next) })}
              onOpenSession={openSession}
            />
          )}
        </TabsContent>
      </Tabs>
      <SessionFormDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        session={dialog?.session}
        onBooked={(booked) => showPlace({ view: place.view, date: stockholmDay(booked.starts_at) })}
      />
    </div>
  );
}
