import { weekStart } from "@app/contracts/stockholm-time";
import { CalendarDays, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { type SessionView, useSessionCount } from "@/features/crm/api/studio-sessions";
import { SessionFormDialog } from "@/features/crm/components/session-form-dialog";
import { SessionList } from "@/features/crm/components/session-list";
import { SessionWeekCalendar } from "@/features/crm/components/session-week-calendar";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUrlState } from "@/lib/use-url-state";

const URL_DEFAULTS = { tab: "calendar", week: "", page: "1" };

/** Sessions: a week calendar per room and a list, with booking, editing and cancelling. */
export function SessionsPage() {
  useDocumentTitle("Sessions");
  const [state, setState] = useUrlState(URL_DEFAULTS);
  const [dialog, setDialog] = useState<{ session: SessionView | null } | null>(null);
  const count = useSessionCount();
  const monday = /^\d{4}-\d{2}-\d{2}$/.test(state.week) ? weekStart(state.week) : weekStart(Date.now());
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
            <SessionWeekCalendar
              monday={monday}
              onWeekChange={(week) => setState({ week })}
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
        onBooked={(booked) => setState({ tab: "calendar", week: weekStart(booked.starts_at) })}
      />
    </div>
  );
}
