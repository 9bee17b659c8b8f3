import type { ApprovalState } from "@app/contracts";
import { formatStockholm } from "@app/contracts/stockholm-time";
import type { DeliverableVersion } from "@/features/deliverables/api/deliverables";

const APPROVAL_LABELS: Record<ApprovalState, string> = {
  awaiting: "Waiting for the client",
  approved: "Approved by the client",
  changes_requested: "Client asked for changes",
  superseded: "Passed over by a newer version",
};

/**
 * Where a version stands with the client. One still waiting whose newest link has expired can be decided
 * on only once staff send it again, so it says so instead of "waiting".
 */
export function approvalLabel(
  version: Pick<DeliverableVersion, "approval_state" | "approval_expires_at">,
  now: number,
) {
  const { approval_state: state, approval_expires_at: expiresAt } = version;
  if (!state) return null;
  if (state === "awaiting" && expiresAt && Date.parse(expiresAt) <= now)
    return `Link expired ${formatStockholm(expiresAt, "dateTime")}: send it again for a decision`;
  return APPROVAL_LABELS[state];
}
