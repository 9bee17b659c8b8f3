import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "@app/contracts";
import { stockholmWallTime } from "@app/contracts/stockholm-time";
import { FolderKanban, Plus } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterChips } from "@/components/ui/filter-chips";
import { LoadingStatus } from "@/components/ui/loading-status";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeading } from "@/components/ui/page-heading";
import { Pager } from "@/components/ui/pager";
import { SearchInput } from "@/components/ui/search-input";
import { SearchRegion } from "@/components/ui/search-region";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useClientNames, useClientOptions } from "@/features/projects/api/list-options";
import {
  PROJECT_PAGE_SIZE,
  type ProjectListParams,
  type ProjectSort,
  useProjectBoard,
  useProjects,
} from "@/features/projects/api/list-projects";
import { ProjectBoard } from "@/features/projects/components/project-board";
import { ProjectFormDialog } from "@/features/projects/components/project-form-dialog";
import { ProjectStatusBadge } from "@/features/projects/components/project-status-badge";
import { monthOf } from "@/features/projects/utils/project-labels";
import { formatDay } from "@/lib/format";
import { formatOre } from "@/lib/money";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSearchDraft } from "@/lib/use-search-draft";
import { useUrlState } from "@/lib/use-url-state";

const LIST_DEFAULTS = { q: "", page: "1", status: "", client: "", due: "", sort: "due", view: "list" };
const VIEW_OPTIONS = [
  { value: "list", label: "List" },
  { value: "board", label: "Board" },
] as const;
const SORT_LABELS: Record<ProjectSort, string> = {
  due: "Due date",
  newest: "Newest",
  title: "Title",
  budget: "Budget",
};

export function ProjectsPage() {
  useDocumentTitle("Projects");
  const [state, setState] = useUrlState(LIST_DEFAULTS);
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const isBoard = state.view === "board";
  const [isAdding, setIsAdding] = useState(false);
  const navigate = useNavigate();
  const clients = useClientOptions();
  const clientNames = useClientNames();

  const commitSearch = useCallback((q: string) => setState({ q, page: "1" }), [setState]);
  const [draft, setDraft, flushSearch] = useSearchDraft(state.q, commitSearch);

  const params: ProjectListParams = {
    search: state.q,
    status: state.status,
    companyId: state.client,
    dueWithin: state.due === "month" ? monthOf(stockholmWallTime(new Date()).date) : null,
    sort: (state.sort in SORT_LABELS ? state.sort : "due") as ProjectSort,
  };
  const list = useProjects(params, page);
  const board = useProjectBoard(params, isBoard);
  const rows = list.data?.rows ?? [];
  const isFiltered = Boolean(state.q || state.status || state.client || state.due);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeading
        title="Projects"
        description="Agreed work, from lead to closed, with its team, milestones and budget."
        actions={
          <Button onClick={() => setIsAdding(true)}>
            <Plus aria-hidden="true" />
            New Project
          </Button>
        }
      />
      <SearchRegion aria-label="Filter the projects" className="flex-wrap items-end">
        <SearchInput
          className="w-full max-w-sm"
          aria-label="Search projects"
          placeholder="Search by title, code or notes..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={flushSearch}
        />
        <NativeSelect
          aria-label="Status"
          className="w-full sm:w-auto"
          value={state.status}
          onChange={(event) => setState({ status: event.target.value, page: "1" })}
        >
          <option value="">Every status</option>
          {PROJECT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PROJECT_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Client"
          className="w-full sm:w-auto"
          value={state.client}
          onChange={(event) => setState({ client: event.target.value, page: "1" })}
        >
          <option value="">Every client</option>
          {(clients.data ?? []).map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Sort by"
          className="w-full sm:w-auto"
          value={params.sort}
          onChange={(event) => setState({ sort: event.target.value, page: "1" })}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              Sort: {label}
            </option>
          ))}
        </NativeSelect>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={state.due === "month"}
            onChange={(event) => setState({ due: event.target.checked ? "month" : "", page: "1" })}
          />
          Due this month
        </label>
        <FilterChips
          label="View"
          options={VIEW_OPTIONS}
          value={isBoard ? "board" : "list"}
          onChange={(view) => setState({ view })}
        />
      </SearchRegion>
      {list.isPending ? (
        <LoadingStatus>Loading projects...</LoadingStatus>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={FolderKanban}
          title="No Projects Found"
          description={
            isFiltered
              ? "Try adjusting your search or filters."
              : "Create a project, or turn a won deal into one from the deal board."
          }
        >
          {isFiltered ? null : (
            <Button variant="secondary" onClick={() => setIsAdding(true)}>
              <Plus aria-hidden="true" />
              Add Project
            </Button>
          )}
        </EmptyState>
      ) : isBoard ? (
        board.data ? (
          <ProjectBoard projects={board.data} clientNames={clientNames} />
        ) : (
          <LoadingStatus>Loading the board...</LoadingStatus>
        )
      ) : (
        <Card className="p-2" aria-busy={list.isFetching || undefined}>
          <Pager
            page={page}
            pageSize={PROJECT_PAGE_SIZE}
            rowsOnPage={rows.length}
            total={list.data?.total ?? 0}
            label="projects"
            onPageChange={(next) => setState({ page: String(next) })}
          />
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Project</TableHead>
                <TableHead scope="col">Client</TableHead>
                <TableHead scope="col">Status</TableHead>
                <TableHead scope="col">Due</TableHead>
                <TableHead scope="col" className="text-right">
                  Budget
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((project) => (
                <TableRow key={project.id}>
                  <TableCell>
                    <Link
                      to={`/app/projects/${project.id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {project.title}
                    </Link>
                    <div className="text-xs text-muted-foreground">{project.code}</div>
                  </TableCell>
                  <TableCell>
                    {project.company_id ? (clientNames.get(project.company_id) ?? "-") : "-"}
                  </TableCell>
                  <TableCell>
                    <ProjectStatusBadge status={project.status} />
                  </TableCell>
                  <TableCell>{project.due_date ? formatDay(project.due_date) : "-"}</TableCell>
                  <TableCell className="text-right">{formatOre(project.budget_ore)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <ProjectFormDialog
        open={isAdding}
        onOpenChange={setIsAdding}
        onSaved={(project) => navigate(`/app/projects/${project.id}`)}
      />
    </div>
  );
}
