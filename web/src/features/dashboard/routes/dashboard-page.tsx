import { stockholmTime } from "@app/contracts/stockholm-time";
import { CalendarDays, CircleCheck, FolderKanban, TrendingUp } from "lucide-react";
import { Link } from "react-router-dom";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { NO_FIGURE_YET, StatCard } from "@/components/ui/stat-card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useActiveProjectCount } from "@/features/dashboard/api/get-active-projects";
import { usePipeline } from "@/features/dashboard/api/get-pipeline";
import { useTodaySessions } from "@/features/dashboard/api/get-today-sessions";
import { formatSek } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const pipeline = usePipeline();
  const today = useTodaySessions();
  const activeProjects = useActiveProjectCount();
  const stages = pipeline.data?.stages ?? [];

  return (
    <div className="grid gap-6">
      <PageHeading title="Dashboard" description="Today at a glance." />

      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Today's Sessions" value={today.data ? today.data.length : "–"} icon={CalendarDays} />
        <StatCard
          label="Open Approvals"
          value={NO_FIGURE_YET}
          icon={CircleCheck}
          hint="Not tracked yet: comes with deliverables"
        />
        <StatCard
          label="Active Projects"
          value={activeProjects.data ?? "–"}
          icon={FolderKanban}
          href="/app/projects?status=active"
        />
        <StatCard
          label="Pipeline Value"
          value={pipeline.data ? formatSek(pipeline.data.totalValueSek) : "–"}
          icon={TrendingUp}
        />
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Today</CardTitle>
          </CardHeader>
          <CardContent>
            {today.data && today.data.length > 0 ? (
              <ul className="grid gap-3" aria-label="Today's sessions">
                {today.data.map((session) => (
                  <li key={session.id} className="grid gap-0.5 text-sm">
                    <Link
                      to="/app/crm/sessions"
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {session.title}
                    </Link>
                    <span className="text-muted-foreground">
                      {stockholmTime(session.starts_at)}–{stockholmTime(session.ends_at)} · {session.roomName}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Nothing scheduled today.</p>
            )}
          </CardContent>
        </Card>
        <EmptyListCard
          title="Open Approvals"
          text="Not tracked yet: client approvals come with deliverables."
        />
        <EmptyListCard title="My Tasks" text="Not tracked yet: tasks come with projects and deliverables." />
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Pipeline Snapshot</CardTitle>
        </CardHeader>
        <CardContent>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Stage</TableHead>
                <TableHead scope="col" className="text-right">
                  Deals
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Value
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {stages.map((row) => (
                <TableRow key={row.stage}>
                  <TableCell className="capitalize">{row.stage}</TableCell>
                  <TableCell className="text-right">{row.count}</TableCell>
                  <TableCell className="text-right">{formatSek(row.value_sek)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}

function EmptyListCard({ title, text }: { title: string; text: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">{text}</p>
      </CardContent>
    </Card>
  );
}
