import {
  DELIVERABLE_KIND_LABELS,
  DELIVERABLE_STATUS_LABELS,
  DELIVERABLE_STATUSES,
  type DeliverableStatus,
} from "@app/contracts";
import { PackageCheck, Plus } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { ListState } from "@/components/ui/list-state";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeading } from "@/components/ui/page-heading";
import { SearchRegion } from "@/components/ui/search-region";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import {
  type DeliverableFilters,
  useDeliverables,
  useProjectOptions,
} from "@/features/deliverables/api/deliverables";
import { DeliverableSheet } from "@/features/deliverables/components/deliverable-sheet";
import { DeliverableStatusBadge } from "@/features/deliverables/components/deliverable-status-badge";
import { NewDeliverableDialog } from "@/features/deliverables/components/new-deliverable-dialog";
import { useCurrentUserId } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";

const ALL_FILTERS: DeliverableFilters = { status: "all", projectId: "all", assignee: "all" };

export function DeliverablesPage() {
  useDocumentTitle("Deliverables");
  const id = useId();
  const currentUserId = useCurrentUserId();
  const [filters, setFilters] = useState<DeliverableFilters>(ALL_FILTERS);
  // A link from elsewhere (the dashboard's tasks) names the deliverable to open: `?open=<id>`.
  const [searchParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => searchParams.get("open"));
  const [creating, setCreating] = useState(false);
  const deliverables = useDeliverables(filters, currentUserId);
  const projects = useProjectOptions();
  const projectLabels = useMemo(
    () => new Map((projects.data ?? []).map((p) => [p.id, `${p.code} · ${p.title}`])),
    [projects.data],
  );
  const rows = deliverables.data ?? [];
  const open = rows.find((row) => row.id === openId) ?? null;
  const filtered = filters.status !== "all" || filters.projectId !== "all" || filters.assignee !== "all";

  return (
    <div className="grid gap-6">
      <PageHeading
        title="Deliverables"
        description="What each project delivers, its versions and the client's approval."
        actions={
          <Button type="button" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            New deliverable
          </Button>
        }
      />
      <SearchRegion aria-label="Filter deliverables" className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={filters.status}
            onChange={(e) =>
              setFilters((f) => ({ ...f, status: e.target.value as DeliverableStatus | "all" }))
            }
          >
            <option value="all">All statuses</option>
            {DELIVERABLE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {DELIVERABLE_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-project`}>Project</Label>
          <NativeSelect
            id={`${id}-project`}
            value={filters.projectId}
            onChange={(e) => setFilters((f) => ({ ...f, projectId: e.target.value }))}
          >
            <option value="all">All projects</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.code} · {p.title}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-assignee`}>Assignee</Label>
          <NativeSelect
            id={`${id}-assignee`}
            value={filters.assignee}
            onChange={(e) =>
              setFilters((f) => ({ ...f, assignee: e.target.value as DeliverableFilters["assignee"] }))
            }
          >
            <option value="all">Anyone</option>
            <option value="me">Me</option>
            <option value="none">Unassigned</option>
          </NativeSelect>
        </div>
      </SearchRegion>
      <ListState
        read={deliverables}
        loading="Loading the deliverables"
        failed="Failed to load the deliverables."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState
            icon={PackageCheck}
            title={filtered ? "No deliverables match" : "No deliverables yet"}
            description={
              filtered
                ? "Try another status, project or assignee."
                : "Add what a project owes its client: masters, stems, artwork and the like."
            }
          >
            {filtered ? (
              <Button type="button" variant="outline" onClick={() => setFilters(ALL_FILTERS)}>
                Clear filters
              </Button>
            ) : (
              <Button type="button" onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                New deliverable
              </Button>
            )}
          </EmptyState>
        }
      >
        <Table aria-label="Deliverables, soonest due first">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Deliverable</TableHead>
              <TableHead scope="col" className="hidden md:table-cell">
                Project
              </TableHead>
              <TableHead scope="col">Due</TableHead>
              <TableHead scope="col">Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <button
                    type="button"
                    className="text-left font-medium text-primary underline-offset-4 hover:underline"
                    onClick={() => setOpenId(row.id)}
                  >
                    {row.title}
                  </button>
                  <span className="block text-xs text-muted-foreground">
                    {DELIVERABLE_KIND_LABELS[row.kind]}
                  </span>
                </TableCell>
                <TableCell className="hidden md:table-cell">
                  {projectLabels.get(row.project_id) ?? "—"}
                </TableCell>
                <TableCell className="whitespace-nowrap">{row.due_date ?? "—"}</TableCell>
                <TableCell>
                  <DeliverableStatusBadge status={row.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ListState>
      <NewDeliverableDialog
        open={creating}
        onOpenChange={setCreating}
        projects={projects.data ?? []}
        currentUserId={currentUserId}
      />
      <DeliverableSheet
        deliverable={open}
        projectLabel={open ? (projectLabels.get(open.project_id) ?? "") : ""}
        currentUserId={currentUserId}
        onOpenChange={(next) => (next ? undefined : setOpenId(null))}
      />
    </div>
  );
}
