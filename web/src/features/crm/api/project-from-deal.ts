import { useMutation, useQuery } from "@tanstack/react-query";
import { CRM_WRITE_INVALIDATES } from "@/features/crm/api/crm-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";
import { projectsQueryKey } from "@/lib/query-keys";
import { readTable } from "@/lib/read-table";

/** Turns a won deal into a project (once: a second try is refused, naming the project it became). */
export function useProjectFromDeal() {
  return useMutation({
    mutationFn: async (dealId: string) => {
      const response = await tsr.projects.projectFromDeal.mutate({ body: { deal_id: dealId }, headers: {} });
      return expectSuccess(response).body as { id: string; code: string };
    },
    meta: {
      successMessage: "Project created",
      errorMessage: "Could not create the project",
      invalidates: [...CRM_WRITE_INVALIDATES, projectsQueryKey],
    },
  });
}

/** The project a deal became, if it became one. */
export function useDealProject(dealId: string) {
  return useQuery({
    queryKey: [...projectsQueryKey, "of-deal", dealId],
    queryFn: async ({ signal }) => {
      const { rows } = await readTable(
        "projects",
        { select: ["id", "code"], filters: { deal_id: `eq.${dealId}` }, range: { limit: 1 } },
        signal,
      );
      return rows[0] ?? null;
    },
    meta: { errorMessage: "Failed to load the deal's project" },
  });
}
