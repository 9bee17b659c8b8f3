import { crmQueryKey, deliverablesQueryKey, projectsQueryKey } from "@/lib/query-keys";

export const projectKeys = {
  all: projectsQueryKey,
  list: (params: object) => [...projectsQueryKey, "list", params] as const,
  record: (id: string) => [...projectsQueryKey, "record", id] as const,
  parts: (table: string, projectId: string) => [...projectsQueryKey, table, projectId] as const,
  options: (table: string) => [...projectsQueryKey, "options", table] as const,
};

/**
 * What every projects write refreshes: the projects' own reads, and the CRM's (the timeline lives in
 * crm_activity, and a project made from a deal changes what the deal shows), and the deliverables' (a
 * milestone's assignee, due day or reaching changes the dashboard's tasks, read beside the deliverables).
 */
export const PROJECT_WRITE_INVALIDATES = [projectsQueryKey, crmQueryKey, deliverablesQueryKey] as const;
