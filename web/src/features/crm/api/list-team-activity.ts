import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

/** Not under the CRM prefix: a CRM write changes no team history. */
const teamActivityKey = (page: number) => ["team", "activity", { page }] as const;

/** Team changes from the audit log, newest first; administrators only, so only asked for by them. */
export function useTeamActivity({ page, enabled }: { page: number; enabled: boolean }) {
  return useQuery({
    queryKey: teamActivityKey(page),
    queryFn: async ({ signal }) => {
      const response = await tsr.team.listActivity.query({ query: { page }, fetchOptions: { signal } });
      return expectSuccess(response).body;
    },
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Failed to load the team's activity" },
  });
}
