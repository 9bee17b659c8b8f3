import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { projectKeys } from "@/features/projects/api/project-keys";
import { searchFilter } from "@/lib/postgrest";
import { type Filters, type ReadOptions, readTable } from "@/lib/read-table";
import type { TableRow } from "@/lib/table-writes";

export type Project = TableRow<"projects">;

export const PROJECT_PAGE_SIZE = 50;
/** The board shows every project the filters leave, up to the table's most rows per read. */
const BOARD_MAX_ROWS = 500;

const PROJECT_SORTS = {
  due: "due_date.asc.nullslast",
  newest: "created_at.desc",
  title: "title.asc",
  budget: "budget_ore.desc",
} as const;
export type ProjectSort = keyof typeof PROJECT_SORTS;

export type ProjectListParams = {
  search: string;
  status: string;
  companyId: string;
  /** The first and last day of the month whose due projects to show; null for any due date. */
  dueWithin: { from: string; to: string } | null;
  sort: ProjectSort;
};

/** The filters of the list and the board alike: search, status, client and due month. */
export function projectFilters(params: ProjectListParams): Filters<"projects"> {
  const filters: Filters<"projects"> = {};
  if (params.status) filters.status = `eq.${params.status}`;
  if (params.companyId) filters.company_id = `eq.${params.companyId}`;
  const conditions: string[] = [];
  const search = searchFilter(["title", "code", "notes"], params.search);
  if (search) conditions.push(search.slice(1, -1));
  if (params.dueWithin) {
    conditions.push(`due_date.gte.${params.dueWithin.from}`, `due_date.lte.${params.dueWithin.to}`);
  }
  if (conditions.length > 0) filters.and = `(${conditions.join(",")})`;
  return filters;
}

function projectListQuery(params: ProjectListParams, page: number): ReadOptions<"projects"> {
  return {
    filters: projectFilters(params),
    order: [PROJECT_SORTS[params.sort]],
    range: { limit: PROJECT_PAGE_SIZE, offset: (page - 1) * PROJECT_PAGE_SIZE },
  };
}

export function useProjects(params: ProjectListParams, page: number) {
  return useQuery({
    queryKey: projectKeys.list({ ...params, page }),
    queryFn: ({ signal }) => readTable("projects", projectListQuery(params, page), signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Failed to load projects" },
  });
}

export function useProjectBoard(params: ProjectListParams, isEnabled: boolean) {
  const query: ReadOptions<"projects"> = {
    filters: projectFilters(params),
    order: [PROJECT_SORTS[params.sort]],
    range: { limit: BOARD_MAX_ROWS },
  };
  return useQuery({
    queryKey: projectKeys.list({ ...params, board: true }),
    queryFn: async ({ signal }) => (await readTable("projects", query, signal)).rows,
    enabled: isEnabled,
    meta: { errorMessage: "Failed to load projects" },
  });
}
