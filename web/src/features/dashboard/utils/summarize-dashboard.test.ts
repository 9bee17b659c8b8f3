import { describe, expect, it } from "vitest";
import { SAMPLE_DASHBOARD } from "@/features/dashboard/data/sample-dashboard";
import { countTodaysSessions, sumPipelineValue } from "@/features/dashboard/utils/summarize-dashboard";

describe("dashboard summaries", () => {
  it("counts only sessions, not meetings, as today's sessions", () => {
    expect(countTodaysSessions(SAMPLE_DASHBOARD)).toBe(2);
  });

  it("adds every stage's value into the pipeline value", () => {
    expect(sumPipelineValue(SAMPLE_DASHBOARD)).toBe(1_475_000);
  });
});
