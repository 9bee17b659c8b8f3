import { useMutation } from "@tanstack/react-query";
import { TEAM_WRITE_INVALIDATES } from "@/features/team/api/team-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

/** Deletes an account nobody gave a role; refusals are shown in the dialog, so no error toast here. */
export function useDeleteMember() {
  return useMutation({
    mutationFn: async (id: string) => {
      expectSuccess(await tsr.team.deleteMember.mutate({ params: { id } }));
    },
    meta: { successMessage: "Account deleted", invalidates: TEAM_WRITE_INVALIDATES },
  });
}
