import { describe, expect, it } from "vitest";
import { secondFactorPrompt } from "@/features/auth/utils/second-factor-prompt";

const raisable = { currentLevel: "aal1", nextLevel: "aal2" } as const;

describe("secondFactorPrompt", () => {
  it("asks nothing of a session already at aal2, or without a session", () => {
    for (const levels of [
      { currentLevel: "aal2", nextLevel: "aal2" },
      { currentLevel: null, nextLevel: null },
    ] as const) {
      expect(secondFactorPrompt({ ...levels, backOfficeAal: "aal2", isSkipped: false })).toBe("none");
    }
  });

  it("without a factor: nothing when aal1 is enough, the setup when the server needs aal2", () => {
    const noFactor = { currentLevel: "aal1", nextLevel: "aal1" } as const;
    expect(secondFactorPrompt({ ...noFactor, backOfficeAal: "aal1", isSkipped: false })).toBe("none");
    expect(secondFactorPrompt({ ...noFactor, backOfficeAal: "aal2", isSkipped: true })).toBe("setup");
  });

  it("requires the code when the back office needs aal2, skipped or not", () => {
    expect(secondFactorPrompt({ ...raisable, backOfficeAal: "aal2", isSkipped: false })).toBe("required");
    expect(secondFactorPrompt({ ...raisable, backOfficeAal: "aal2", isSkipped: true })).toBe("required");
  });

  it("offers a skip when aal1 is enough, and remembers it", () => {
    expect(secondFactorPrompt({ ...raisable, backOfficeAal: "aal1", isSkipped: false })).toBe("optional");
    expect(secondFactorPrompt({ ...raisable, backOfficeAal: "aal1", isSkipped: true })).toBe("none");
  });

  it("waits for the server's rule, and fails closed when it cannot be read", () => {
    expect(secondFactorPrompt({ ...raisable, backOfficeAal: undefined, isSkipped: true })).toBe("checking");
    expect(secondFactorPrompt({ ...raisable, backOfficeAal: "unknown", isSkipped: true })).toBe("required");
  });
});
