import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { TaskPriority } from "@/features/dashboard/data/sample-dashboard";

const variants: Record<TaskPriority, BadgeVariant> = { high: "red", medium: "yellow", low: "neutral" };

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  return <Badge variant={variants[priority]}>{priority}</Badge>;
}
