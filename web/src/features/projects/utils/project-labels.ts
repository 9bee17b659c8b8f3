import type { FeeModel, ProjectKind, ProjectMemberRole, ProjectStatus } from "@app/contracts";
import type { BadgeVariant } from "@/components/ui/badge";

export const PROJECT_KIND_LABELS: Record<ProjectKind, string> = {
  production: "Production",
  "co-write": "Co-write",
  mix: "Mix",
  master: "Master",
  sync: "Sync",
  event: "Event",
};

export const FEE_MODEL_LABELS: Record<FeeModel, string> = {
  fixed: "Fixed fee",
  hourly: "Hourly",
  daily: "Daily",
};

export const MEMBER_ROLE_LABELS: Record<ProjectMemberRole, string> = {
  producer: "Producer",
  engineer: "Engineer",
  writer: "Writer",
  artist: "Artist",
  coordinator: "Coordinator",
};

export const STATUS_BADGE: Record<ProjectStatus, BadgeVariant> = {
  lead: "neutral",
  active: "blue",
  delivered: "purple",
  invoiced: "yellow",
  closed: "green",
  cancelled: "red",
};

/** "2026-11-26" → the first and last day of that day's month, as dates. */
export function monthOf(day: string): { from: string; to: string } {
  const [year, month] = day.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, "0")}` };
}
