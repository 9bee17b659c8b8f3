import { describe, expect, it } from "vitest";
import { summarizePipeline } from "@/features/dashboard/utils/summarize-pipeline";

describe("summarizePipeline", () => {
  it("keeps the four pipeline stages in order and leaves lost deals out of the value", () => {
    const { stages, totalValueSek } = summarizePipeline([
      { stage: "won", count: 1, value_sek: 85_000 },
      { stage: "lost", count: 1, value_sek: 50_000 },
      { stage: "prospect", count: 2, value_sek: 75_000 },
    ]);
    expect(stages).toEqual([
      { stage: "prospect", count: 2, value_sek: 75_000 },
      { stage: "negotiation", count: 0, value_sek: 0 },
      { stage: "contract", count: 0, value_sek: 0 },
      { stage: "won", count: 1, value_sek: 85_000 },
    ]);
    expect(totalValueSek).toBe(160_000);
  });

  it("gives every stage at zero when there are no deals", () => {
    expect(summarizePipeline([]).totalValueSek).toBe(0);
    expect(summarizePipeline([]).stages.every((row) => row.count === 0)).toBe(true);
  });
});
