import { formatOre } from "@app/contracts";
import { formatStockholmSpan, weekStart } from "@app/contracts/stockholm-time";
import {
  BadgeDollarSign,
  CalendarCheck,
  ClipboardList,
  Disc3,
  FileSignature,
  Link2,
  Plus,
  Sparkles,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { PageHeading } from "@/components/ui/page-heading";
import { Spinner } from "@/components/ui/spinner";
import { NO_FIGURE_YET, StatCard } from "@/components/ui/stat-card";
import { PLATFORM } from "@/config/site";
import { NURTURE_AFTER_DAYS, useArFigures, useNurtureQueue } from "@/features/crm/api/get-ar-figures";
import { useRoyaltyAccrual } from "@/features/crm/api/get-royalty-accrual";
import { type SessionView, useUpcomingSessions } from "@/features/crm/api/studio-sessions";
import { BriefFormDialog } from "@/features/crm/components/brief-form-dialog";
import { ContactFormDialog } from "@/features/crm/components/contact-form-dialog";
import { SessionFormDialog } from "@/features/crm/components/session-form-dialog";
import { formatContactName } from "@/features/crm/utils/names";
import { DISPLAY_LIMITS } from "@/lib/display-limit";
import { formatRelativeTime } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The A&R dashboard looks 7 days ahead for sessions. */
export const UPCOMING_SESSION_DAYS = 7;

export function CrmDashboardPage() {
  useDocumentTitle("A&R Dashboard");
  const figures = useArFigures();
  const nurture = useNurtureQueue();
  const accrual = useRoyaltyAccrual();
  const [dialog, setDialog] = useState<"talent" | "brief" | "session" | null>(null);
  const upcoming = useUpcomingSessions(...upcomingWindow());
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const figure = (value: number | undefined) => (value === undefined ? "–" : value);
  const queue = nurture.data?.rows ?? [];
  const moreInQueue = (nurture.data?.total ?? 0) - queue.length;

  return (
    <div className="grid gap-6">
      <PageHeading title="A&R Dashboard" description="Matches, sessions and releases across the roster." />

      <section aria-label="Quick actions" className="flex flex-wrap gap-2">
        <Button onClick={() => setDialog("talent")}>
          <Plus aria-hidden="true" />
          Add Talent
        </Button>
        <Button variant="secondary" onClick={() => setDialog("brief")}>
          <ClipboardList aria-hidden="true" />
          Create Brief
        </Button>
        <Button variant="secondary" onClick={() => setDialog("session")}>
          <CalendarCheck aria-hidden="true" />
          Book Session
        </Button>
        <Button variant="outline" onClick={() => console.info("Link song: not connected yet")}>
          <Link2 aria-hidden="true" />
          Link {PLATFORM.name} Song
        </Button>
      </section>

      <section aria-label="Metrics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard label="Matches Made" value={figure(figures.data?.matchesMade)} icon={Sparkles} />
        <StatCard label="Sessions Booked" value={figure(figures.data?.sessionsBooked)} icon={CalendarCheck} />
        <StatCard label="Active Briefs" value={figure(figures.data?.activeBriefs)} icon={ClipboardList} />
        <StatCard
          label="New Releases"
          value={figure(figures.data?.newReleases)}
          icon={Disc3}
          hint={figures.data ? `Works released in ${figures.data.year}` : undefined}
        />
        <StatCard
          label="Contracts Signed"
          value={figure(figures.data?.contractsSigned)}
          icon={FileSignature}
          hint={figures.data ? `Documents fully signed in ${figures.data.year}` : undefined}
        />
        <StatCard
          label="Royalty Accrual"
          value={accrual.data === undefined ? NO_FIGURE_YET : formatOre(accrual.data)}
          icon={BadgeDollarSign}
          hint="Imported into periods not yet closed"
          href={accrual.data === undefined ? undefined : "/app/royalties"}
        />
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Nurture Queue</CardTitle>
            <p className="text-sm text-muted-foreground">
              Talent with no activity in {NURTURE_AFTER_DAYS}+ days
            </p>
          </CardHeader>
          <CardContent>
            {nurture.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner />
                Loading...
              </p>
            ) : queue.length === 0 ? (
              <p className="text-sm text-muted-foreground">Everyone has been in touch recently.</p>
            ) : (
              <ul className="grid gap-3">
                {queue.map((candidate) => (
                  <li key={candidate.id} className="flex flex-wrap items-center justify-between gap-2">
                    <span className="grid gap-1">
                      <Link
                        to={`/app/crm/talent/${candidate.id}`}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {formatContactName(candidate)}
                      </Link>
                      <LimitedBadges
                        items={candidate.roles ?? []}
                        limit={DISPLAY_LIMITS.rolesInList}
                        noun="roles"
                      />
                    </span>
                    <span className="text-sm text-muted-foreground">
                      {candidate.last_activity_at
                        ? `Last activity ${formatRelativeTime(candidate.last_activity_at)}`
                        : "No activity yet"}
                    </span>
                  </li>
                ))}
                {moreInQueue > 0 ? (
                  <li className="text-sm text-muted-foreground">And {moreInQueue} more.</li>
                ) : null}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Upcoming Sessions</CardTitle>
            <p className="text-sm text-muted-foreground">Next {UPCOMING_SESSION_DAYS} days</p>
          </CardHeader>
          <CardContent>
            <UpcomingSessions sessions={upcoming.data?.rows} isPending={upcoming.isPending} />
          </CardContent>
        </Card>
      </div>
      <ContactFormDialog kind="talent" open={dialog === "talent"} onOpenChange={closeDialog} />
      <BriefFormDialog open={dialog === "brief"} onOpenChange={closeDialog} />
      <SessionFormDialog open={dialog === "session"} onOpenChange={closeDialog} />
    </div>
  );
}

const HOUR_MS = 60 * 60 * 1000;

/** Now to seven days ahead, from the start of the current hour so the query stays put while the screen is open. */
function upcomingWindow(now = Date.now()): [string, string] {
  const from = now - (now % HOUR_MS);
  return [new Date(from).toISOString(), new Date(from + UPCOMING_SESSION_DAYS * 24 * HOUR_MS).toISOString()];
}

function UpcomingSessions({
  sessions,
  isPending,
}: {
  sessions: SessionView[] | undefined;
  isPending: boolean;
}) {
  if (isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Loading...
      </p>
    );
  }
  if (!sessions || sessions.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">No sessions in the next {UPCOMING_SESSION_DAYS} days.</p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Upcoming sessions">
      {sessions.map((session) => (
        <li key={session.id} className="grid gap-0.5 text-sm">
          <Link
            to={`/app/crm/sessions?week=${weekStart(session.starts_at)}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {session.title}
          </Link>
          <span className="text-muted-foreground">
            {formatStockholmSpan(session.starts_at, session.ends_at)} · {session.roomName}
          </span>
        </li>
      ))}
    </ul>
  );
}
