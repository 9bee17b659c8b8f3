import { describe, expect, it } from "vitest";
import { isStarPerformer } from "@/lib/reliability";

describe("reliability star (above 8)", () => {
  it("stars scores above 8 only", () => {
    expect(isStarPerformer(8.1)).toBe(true);
    expect(isStarPerformer(10)).toBe(true);
    expect(isStarPerformer(8)).toBe(false);
    expect(isStarPerformer(5)).toBe(false);
  });

  it("never stars a missing score", () => {
    expect(isStarPerformer(null)).toBe(false);
    expect(isStarPerformer(undefined)).toBe(false);
  });
});
