import type { AppRoleName } from "@app/contracts";
import { useMutation } from "@tanstack/react-query";
import { TEAM_WRITE_INVALIDATES } from "@/features/team/api/team-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

export type RoleChange = { id: string; role: AppRoleName | null };

/**
 * Their sessions end on the server, so the new role applies from their next sign-in. Refusals (the last
 * administrator) are shown in the dialog, so no error toast here.
 */
export function useSetMemberRole() {
  return useMutation({
    mutationFn: async ({ id, role }: RoleChange) =>
      expectSuccess(await tsr.team.setRole.mutate({ params: { id }, body: { role } })).body,
    meta: { successMessage: "Role changed", invalidates: TEAM_WRITE_INVALIDATES },
  });
}
