import { describe, expect, it } from "vitest";
import { editingSentence } from "@/components/form/editing-notice";

describe("editingSentence", () => {
  it("names one, two or more colleagues as a sentence would", () => {
    expect(editingSentence(["Anna"])).toBe("Anna is editing");
    expect(editingSentence(["Anna", "Bo"])).toBe("Anna and Bo are editing");
    expect(editingSentence(["Anna", "Bo", "Cia"])).toBe("Anna, Bo, and Cia are editing");
  });
});
