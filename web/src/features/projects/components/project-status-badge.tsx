import { PROJECT_STATUS_LABELS, type ProjectStatus } from "@app/contracts";
import { Badge } from "@/components/ui/badge";
import { STATUS_BADGE } from "@/features/projects/utils/project-labels";

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge variant={STATUS_BADGE[status]}>{PROJECT_STATUS_LABELS[status]}</Badge>;
}
