import type { ApprovalDecisionInput, ApprovalView } from "@app/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";

type Receipt = { decided_at: string; status: ApprovalView["deliverable"]["status"] };

/*
 * The public approval page's calls. Their failures are the page's own states (a dead link, a newer
 * version), shown in place rather than as toasts, so neither carries an error meta.
 */

export function useApprovalView(token: string) {
  return useQuery({
    queryKey: ["approval", token],
    queryFn: async () =>
      expectSuccess(await tsr.deliverables.approval.getApprovalView.query({ query: { token } }))
        .body as ApprovalView,
    enabled: token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDecideApproval() {
  return useMutation({
    mutationFn: async (input: ApprovalDecisionInput) =>
      expectSuccess(await tsr.deliverables.approval.decideApproval.mutate({ body: input })).body as Receipt,
  });
}

/** The version's bytes, to play in place or download: the token is the key, as the page's own. */
export const approvalFileUrl = (token: string, download?: string) =>
  `/api/approve/file?${new URLSearchParams({ token, ...(download !== undefined && { download }) })}`;
