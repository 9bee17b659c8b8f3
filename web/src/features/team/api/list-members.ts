import { useQuery } from "@tanstack/react-query";
import { teamKeys } from "@/features/team/api/team-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

/** Everyone with an account, as the server lists them (administrators only). */
export function useTeamMembers() {
  return useQuery({
    queryKey: teamKeys.members(),
    queryFn: async ({ signal }) => {
      const response = await tsr.team.listMembers.query({ fetchOptions: { signal } });
      return expectSuccess(response).body.members;
    },
    meta: { errorMessage: "Failed to load the team" },
  });
}
