import { useMutation } from "@tanstack/react-query";
import { TEAM_WRITE_INVALIDATES } from "@/features/team/api/team-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

/**
 * Blocks sign-in until lifted; the server ends the person's sessions at once. Refusals (banning yourself)
 * are shown in the confirming dialog, so no error toast here.
 */
export function useBanMember() {
  return useMutation({
    mutationFn: async (id: string) =>
      expectSuccess(await tsr.team.ban.mutate({ params: { id }, body: {} })).body,
    meta: { successMessage: "Banned", invalidates: TEAM_WRITE_INVALIDATES },
  });
}

export function useUnbanMember() {
  return useMutation({
    mutationFn: async (id: string) => expectSuccess(await tsr.team.unban.mutate({ params: { id } })).body,
    meta: { successMessage: "Ban lifted", invalidates: TEAM_WRITE_INVALIDATES },
  });
}
