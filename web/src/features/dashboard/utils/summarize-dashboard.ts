import type { DashboardSample } from "@/features/dashboard/data/sample-dashboard";

export function countTodaysSessions(sample: Pick<DashboardSample, "today">): number {
  return sample.today.filter((item) => item.kind === "session").length;
}

export function sumPipelineValue(sample: Pick<DashboardSample, "pipeline">): number {
  return sample.pipeline.reduce((total, row) => total + row.value_sek, 0);
}
