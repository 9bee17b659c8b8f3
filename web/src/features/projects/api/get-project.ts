import { useQuery } from "@tanstack/react-query";
import { projectKeys } from "@/features/projects/api/project-keys";
import { readRecord, readTable } from "@/lib/read-table";

/** One project as last read (null when there is none), the version its saves are checked against. */
export function useProject(id: string) {
  return useQuery({
    queryKey: projectKeys.record(id),
    // readRecord answers an address naming no uuid with null itself, without asking the server.
    queryFn: ({ signal }) => readRecord("projects", id, { signal }),
    meta: { errorMessage: "Failed to load the project" },
  });
}

export function useProjectMembers(projectId: string) {
  return useQuery({
    queryKey: projectKeys.parts("project_members", projectId),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "project_members",
          { filters: { project_id: `eq.${projectId}` }, order: ["role.asc", "created_at.asc"] },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Failed to load the team" },
  });
}

export function useProjectMilestones(projectId: string) {
  return useQuery({
    queryKey: projectKeys.parts("project_milestones", projectId),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "project_milestones",
          {
            filters: { project_id: `eq.${projectId}` },
            order: ["due_date.asc.nullslast", "created_at.asc"],
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Failed to load the milestones" },
  });
}

/** The studio sessions booked as the project's work. */
export function useProjectSessions(projectId: string) {
  return useQuery({
    queryKey: projectKeys.parts("studio_sessions", projectId),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "studio_sessions",
          {
            select: ["id", "title", "starts_at", "status"],
            filters: { project_id: `eq.${projectId}` },
            order: ["starts_at.asc"],
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Failed to load the project's sessions" },
  });
}

/** The works and recordings the project produced. */
export function useProjectWorks(projectId: string) {
  return useQuery({
    queryKey: projectKeys.parts("portfolio_items", projectId),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "portfolio_items",
          {
            select: ["id", "title", "year", "role", "talent_id"],
            filters: { project_id: `eq.${projectId}` },
            order: ["year.desc"],
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Failed to load the project's works" },
  });
}

/** The project's timeline: its own changes, its team's and its milestones', newest first. */
export function useProjectTimeline(projectId: string) {
  return useQuery({
    queryKey: projectKeys.parts("crm_activity", projectId),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "crm_activity",
          {
            filters: { record_type: "eq.projects", record_id: `eq.${projectId}` },
            order: ["created_at.desc"],
            range: { limit: 100 },
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Failed to load the timeline" },
  });
}

/** The project's deliverables, soonest due first. */
export function useProjectDeliverables(projectId: string) {
  return useQuery({
    queryKey: projectKeys.parts("deliverables", projectId),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "deliverables",
          {
            select: ["id", "title", "status", "due_date"],
            filters: { project_id: `eq.${projectId}` },
            order: ["due_date.asc.nullslast", "created_at.asc"],
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Failed to load the project's deliverables" },
  });
}

/** The invoices (and credit invoices) billing the project, newest first. */
export function useProjectInvoices(projectId: string) {
  return useQuery({
    queryKey: projectKeys.parts("invoices", projectId),
    queryFn: async ({ signal }) =>
      (
        await readTable(
          "invoices",
          {
            select: ["id", "series", "number", "kind", "status", "total_ore", "due_date"],
            filters: { project_id: `eq.${projectId}` },
            order: ["created_at.desc"],
          },
          signal,
        )
      ).rows,
    meta: { errorMessage: "Failed to load the project's invoices" },
  });
}
