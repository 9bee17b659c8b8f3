import type { RoyaltyPeriodStatus } from "@app/contracts";
import { Badge, type BadgeVariant } from "@/components/ui/badge";

const LOOK: Record<RoyaltyPeriodStatus, { label: string; variant: BadgeVariant }> = {
  open: { label: "Open", variant: "blue" },
  previewed: { label: "Previewed", variant: "yellow" },
  closed: { label: "Closed", variant: "green" },
};

export function PeriodStatusBadge({ status }: { status: RoyaltyPeriodStatus }) {
  return <Badge variant={LOOK[status].variant}>{LOOK[status].label}</Badge>;
}
