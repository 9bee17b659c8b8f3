import { describe, expect, it } from "vitest";
import { toTalent } from "@/lib/list-talent";
import { parseContentRangeTotal } from "@/lib/postgrest";

describe("parseContentRangeTotal", () => {
  it("reads the total after the slash", () => {
    expect(parseContentRangeTotal("0-49/64")).toBe(64);
    expect(parseContentRangeTotal("*/0")).toBe(0);
  });

  it("gives null when the total is unknown or the header missing", () => {
    expect(parseContentRangeTotal("0-49/*")).toBeNull();
    expect(parseContentRangeTotal(null)).toBeNull();
  });
});

describe("toTalent", () => {
  it("fills columns the API left out with empty values", () => {
    expect(toTalent({ id: "x", first_name: "Nova" })).toMatchObject({
      id: "x",
      first_name: "Nova",
      last_name: "",
      roles: [],
      strengths: {},
      reliability_score: null,
    });
  });
});
