import { CalendarDays, CircleCheck, FolderKanban, TrendingUp } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { StatCard } from "@/components/ui/stat-card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { PriorityBadge } from "@/features/dashboard/components/priority-badge";
import { SAMPLE_DASHBOARD } from "@/features/dashboard/data/sample-dashboard";
import { countTodaysSessions, sumPipelineValue } from "@/features/dashboard/utils/summarize-dashboard";
import { formatRelativeTime, formatSek } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

export function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { today, approvals, tasks, pipeline, activeProjects } = SAMPLE_DASHBOARD;

  return (
    <div className="grid gap-6">
      <PageHeading title="Dashboard" description="Today at a glance (sample data)." />

      <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Today's Sessions"
          value={countTodaysSessions(SAMPLE_DASHBOARD)}
          icon={CalendarDays}
        />
        <StatCard label="Open Approvals" value={approvals.length} icon={CircleCheck} />
        <StatCard label="Active Projects" value={activeProjects} icon={FolderKanban} />
        <StatCard
          label="Pipeline Value"
          value={formatSek(sumPipelineValue(SAMPLE_DASHBOARD))}
          icon={TrendingUp}
        />
      </section>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Today</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {today.map((item) => (
                <li key={item.id} className="grid gap-0.5">
                  <span className="font-medium">{item.title}</span>
                  <span className="text-sm text-muted-foreground">
                    {formatRelativeTime(item.starts_at)} · {item.location}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Open Approvals</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {approvals.map((approval) => (
                <li key={approval.id} className="grid gap-0.5">
                  <span className="font-medium">{approval.title}</span>
                  <span className="text-sm text-muted-foreground">
                    {approval.requested_by} · {formatRelativeTime(approval.requested_at)}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">My Tasks</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {tasks.map((task) => (
                <li key={task.id} className="flex items-start justify-between gap-3">
                  <span className="grid gap-0.5">
                    <span className="font-medium">{task.title}</span>
                    <span className="text-sm text-muted-foreground">
                      Due {formatRelativeTime(task.due_at)}
                    </span>
                  </span>
                  <PriorityBadge priority={task.priority} />
                </li>
              ))}
            </ul>
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
              {pipeline.map((row) => (
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
