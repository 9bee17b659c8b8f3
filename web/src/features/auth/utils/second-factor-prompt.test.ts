import { describe, expect, it } from "vitest";
import { secondFactorPrompt } from "@/features/auth/utils/second-factor-prompt";

const raisable = { currentLevel: "aal1", nextLevel: "aal2" } as const;

describe("secondFactorPrompt", () => {
  it("asks nothing of a session already at aal2, or without a session", () => {
    for (const levels of [
      { currentLevel: "aal2", nextLevel: "aal2" },
      { currentLevel: null, nextLevel: null },
    ] as const) {
      expect(secondFactorPrompt({ ...levels, backOfficeAal: "aal2" })).toBe("none");
    }
  });

  it("without a factor: nothing when aal1 is enough, the setup when the server needs aal2", () => {
    const noFactor = { currentLevel: "aal1", nextLevel: "aal1" } as const;
    expect(secondFactorPrompt({ ...noFactor, backOfficeAal: "aal1" })).toBe("none");
    expect(secondFactorPrompt({ ...noFactor, backOfficeAal: "aal2" })).toBe("setup");
  });

  it("requires the code of whoever has a verified factor, whatever the server lets aal1 do", () => {
    for (const backOfficeAal of ["aal1", "aal2", "unknown", undefined] as const) {
      expect(secondFactorPrompt({ ...raisable, backOfficeAal })).toBe("required");
    }
  });

  it("waits for the server's rule before letting a session without a factor in", () => {
    expect(secondFactorPrompt({ currentLevel: "aal1", nextLevel: "aal1", backOfficeAal: undefined })).toBe(
      "checking",
    );
  });
});
