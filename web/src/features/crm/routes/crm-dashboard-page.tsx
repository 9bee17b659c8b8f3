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
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { LimitedBadges } from "@/components/ui/limited-badges";
import { PageHeading } from "@/components/ui/page-heading";
import { StatCard } from "@/components/ui/stat-card";
import { PLATFORM } from "@/config/site";
import { SAMPLE_CRM } from "@/features/crm/data/sample-crm";
import { selectNurtureQueue, selectUpcomingSessions } from "@/features/crm/utils/select-crm-lists";
import { DISPLAY_LIMITS } from "@/lib/display-limit";
import { formatRelativeTime, formatSek } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

export function CrmDashboardPage() {
  useDocumentTitle("A&R Dashboard");
  const { metrics } = SAMPLE_CRM;
  const nurtureQueue = selectNurtureQueue(SAMPLE_CRM.nurtureCandidates);
  const upcomingSessions = selectUpcomingSessions(SAMPLE_CRM.upcomingSessions);

  return (
    <div className="grid gap-6">
      <PageHeading title="A&R Dashboard" description="Matches, sessions and releases across the roster." />

      <section aria-label="Quick actions" className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/app/crm/talent">
            <Plus aria-hidden="true" />
            Add Talent
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/app/crm/briefs">
            <ClipboardList aria-hidden="true" />
            Create Brief
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/app/crm/sessions">
            <CalendarCheck aria-hidden="true" />
            Book Session
          </Link>
        </Button>
        <Button variant="outline" onClick={() => console.info("Link song: not connected yet")}>
          <Link2 aria-hidden="true" />
          Link {PLATFORM.name} Song
        </Button>
      </section>

      <section aria-label="Metrics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard label="Matches Made" value={metrics.matches_made} icon={Sparkles} />
        <StatCard label="Sessions Booked" value={metrics.sessions_booked} icon={CalendarCheck} />
        <StatCard label="Active Briefs" value={metrics.active_briefs} icon={ClipboardList} />
        <StatCard label="New Releases" value={metrics.new_releases} icon={Disc3} />
        <StatCard label="Contracts Signed" value={metrics.contracts_signed} icon={FileSignature} />
        <StatCard
          label="Royalty Accrual"
          value={formatSek(metrics.royalty_accrual_sek)}
          icon={BadgeDollarSign}
        />
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Nurture Queue</CardTitle>
            <p className="text-sm text-muted-foreground">Talent with no activity in 30+ days</p>
          </CardHeader>
          <CardContent>
            {nurtureQueue.length === 0 ? (
              <p className="text-sm text-muted-foreground">Everyone has been in touch recently.</p>
            ) : (
              <ul className="grid gap-3">
                {nurtureQueue.map((candidate) => (
                  <li key={candidate.id} className="flex flex-wrap items-center justify-between gap-2">
                    <span className="grid gap-1">
                      <span className="font-medium">{candidate.name}</span>
                      <LimitedBadges
                        items={candidate.roles}
                        limit={DISPLAY_LIMITS.rolesInList}
                        noun="roles"
                      />
                    </span>
                    <span className="text-sm text-muted-foreground">
                      Last activity {formatRelativeTime(candidate.last_activity_at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Upcoming Sessions</CardTitle>
            <p className="text-sm text-muted-foreground">Next 7 days</p>
          </CardHeader>
          <CardContent>
            {upcomingSessions.length === 0 ? (
              <p className="text-sm text-muted-foreground">No sessions in the next 7 days.</p>
            ) : (
              <ul className="grid gap-3">
                {upcomingSessions.map((session) => (
                  <li key={session.id} className="grid gap-0.5">
                    <span className="font-medium">{session.title}</span>
                    <span className="text-sm text-muted-foreground">
                      {formatRelativeTime(session.starts_at)} · {session.studio}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
