import type { SessionStatus } from "@app/contracts";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { SESSION_STATUS_LABELS } from "@/features/crm/utils/session-form";

const VARIANT: Record<SessionStatus, BadgeVariant> = {
  tentative: "yellow",
  confirmed: "green",
  cancelled: "red",
  completed: "blue",
};

export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  return <Badge variant={VARIANT[status]}>{SESSION_STATUS_LABELS[status]}</Badge>;
}
