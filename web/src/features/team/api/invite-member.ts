import type { InviteMember } from "@app/contracts";
import { useMutation } from "@tanstack/react-query";
import { TEAM_WRITE_INVALIDATES } from "@/features/team/api/team-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

/**
 * Sends the invitation mail. Refusals (an address that already has an account) are shown inside the
 * dialog next to the form, so no error toast here.
 */
export function useInviteMember() {
  return useMutation({
    mutationFn: async (invitation: InviteMember) =>
      expectSuccess(await tsr.team.invite.mutate({ body: invitation })).body,
    meta: {
      successMessage: (variables) => `Invitation sent to ${(variables as InviteMember).email}`,
      invalidates: TEAM_WRITE_INVALIDATES,
    },
  });
}
