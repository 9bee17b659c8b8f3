import { DELIVERABLE_STATUS_LABELS, type DeliverableStatus } from "@app/contracts";
import { Badge, type BadgeVariant } from "@/components/ui/badge";

const variants: Record<DeliverableStatus, BadgeVariant> = {
  pending: "neutral",
  in_progress: "blue",
  submitted: "yellow",
  changes_requested: "red",
  approved: "green",
};

export function DeliverableStatusBadge({ status }: { status: DeliverableStatus }) {
  return (
    <Badge variant={variants[status]} className="shrink-0 whitespace-nowrap">
      {DELIVERABLE_STATUS_LABELS[status]}
    </Badge>
  );
}
