import { addDays } from "@app/contracts/stockholm-time";

export type Priority = "high" | "medium" | "low";

export const PRIORITY_LABELS: Record<Priority, string> = { high: "High", medium: "Medium", low: "Low" };

/**
 * A task's priority from its due day and today (both Stockholm days, YYYY-MM-DD): high when overdue or due
 * within 2 days, medium within the coming week, low later (or with no due day).
 */
export function priorityOf(dueDate: string | null, today: string): Priority {
  if (!dueDate) return "low";
  if (dueDate <= addDays(today, 2)) return "high";
  if (dueDate <= addDays(today, 7)) return "medium";
  return "low";
}
