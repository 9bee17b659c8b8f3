import { useMutation } from "@tanstack/react-query";
import { TEAM_WRITE_INVALIDATES } from "@/features/team/api/team-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

export type FactorRemoval = { memberId: string; factorId: string };

/**
 * For a colleague who lost their authenticator: they sign in with the password alone until they enrol
 * again. Refusals are shown in the confirming dialog, so no error toast here.
 */
export function useRemoveFactor() {
  return useMutation({
    mutationFn: async ({ memberId, factorId }: FactorRemoval) =>
      expectSuccess(await tsr.team.removeFactor.mutate({ params: { id: memberId, factorId } })).body,
    meta: { successMessage: "Second factor removed", invalidates: TEAM_WRITE_INVALIDATES },
  });
}
