import { formatStockholm, stockholmTime } from "@app/contracts/stockholm-time";
import { CalendarDays, CircleCheck, FolderKanban, Receipt, TrendingUp } from "lucide-react";
import { Link } from "react-router-dom";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { StatCard } from "@/components/ui/stat-card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDashboard } from "@/features/dashboard/api/get-dashboard";
import type { Task } from "@/features/dashboard/utils/my-tasks";
import { formatSek } from "@/lib/format";
import { useLiveTables } from "@/lib/live/live-context";
import { formatOre } from "@/lib/money";
import { PRIORITY_LABELS, type Priority } from "@/lib/priority";
import { dashboardQueryKey } from "@/lib/query-keys";
import { useDocumentTitle } from "@/lib/use-document-title";

/** What the dashboard's figures are read from: a colleague's change to any of them refreshes the figures. */
const DASHBOARD_TABLES = [
  "crm_deals",
  "studio_sessions",
  "deliverables",
  "deliverable_versions",
  "project_milestones",
  "projects",
  "invoices",
  "invoice_payments",
] as const;

export function DashboardPage() {
  useDocumentTitle("Dashboard");
  useLiveTables(DASHBOARD_TABLES, [dashboardQueryKey]);
  const { data } = useDashboard();
  const stages = data?.pipeline.stages ?? [];

  return (
    <div className="grid gap-6">
      <PageHeading title="Dashboard" description="Today at a glance." />

      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-5">
        <StatCard
          label="Today's Sessions"
          value={data ? data.sessions.length : "–"}
          icon={CalendarDays}
          href="/app/sessions?view=day"
        />
        <StatCard
          label="Open Approvals"
          value={data ? data.approvals.total : "–"}
          icon={CircleCheck}
          href="/app/deliverables"
        />
        <StatCard
          label="Active Projects"
          value={data?.activeProjects ?? "–"}
          icon={FolderKanban}
          href="/app/projects?status=active"
        />
        <StatCard
          label="Pipeline Value"
          value={data ? formatSek(data.pipeline.totalValueSek) : "–"}
          icon={TrendingUp}
          href="/app/crm/deals"
        />
        <StatCard
          label="Receivables"
          value={data ? formatOre(data.receivables.outstanding_ore) : "–"}
          icon={Receipt}
          href="/app/invoices"
          hint={
            data
              ? `${formatOre(data.receivables.overdue_ore)} overdue · ${formatOre(data.receivables.paid_this_month_ore)} paid this month`
              : undefined
          }
        />
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Today</CardTitle>
          </CardHeader>
          <CardContent>
            {data && data.sessions.length > 0 ? (
              <ul className="grid gap-3" aria-label="Today's sessions">
                {data.sessions.map((session) => (
                  <li key={session.id} className="grid gap-0.5 text-sm">
                    <Link
                      to="/app/crm/sessions"
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {session.title}
                    </Link>
                    <span className="text-muted-foreground">
                      {stockholmTime(session.starts_at)}–{stockholmTime(session.ends_at)} ·{" "}
                      {session.room_name}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Nothing scheduled today.</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Open Approvals</CardTitle>
          </CardHeader>
          <CardContent>
            {data && data.approvals.items.length > 0 ? (
              <ul className="grid gap-3" aria-label="Versions waiting for a client, longest waiting first">
                {data.approvals.items.map((item) => (
                  <li key={item.id} className="grid gap-0.5 text-sm">
                    <Link
                      to="/app/deliverables"
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {item.title}, version {item.version}
                    </Link>
                    <span className="text-muted-foreground">
                      Sent {item.requested_at ? formatStockholm(item.requested_at, "dateTime") : ""}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No version is waiting for a client.</p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">My Tasks</CardTitle>
          </CardHeader>
          <CardContent>
            {data && data.tasks.items.length > 0 ? (
              <ul className="grid gap-3" aria-label="Your deliverables and milestones, soonest due first">
                {data.tasks.items.map((task) => (
                  <li key={task.key} className="flex items-start justify-between gap-2 text-sm">
                    <span className="grid gap-0.5">
                      <Link
                        to={task.href}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {task.title}
                      </Link>
                      <span className="text-muted-foreground">
                        {TASK_KIND_LABELS[task.kind]} · Due {task.dueDate ?? "—"}
                      </span>
                    </span>
                    <Badge variant={PRIORITY_VARIANTS[task.priority]}>
                      {PRIORITY_LABELS[task.priority]} priority
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Nothing assigned to you is due.</p>
            )}
          </CardContent>
        </Card>
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

const TASK_KIND_LABELS: Record<Task["kind"], string> = { deliverable: "Deliverable", milestone: "Milestone" };

const PRIORITY_VARIANTS: Record<Priority, BadgeVariant> = { high: "red", medium: "yellow", low: "neutral" };
