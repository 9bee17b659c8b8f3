import { describe, expect, it } from "vitest";
import { basisPointsOrNull, formatOre, formatShare, kronorTextOf, oreOrNull } from "@/lib/money";

describe("money in öre", () => {
  it.each([
    [2_500_000, "SEK 25,000"],
    [12_345, "SEK 123.45"],
    [5, "SEK 0.05"],
    [0, "SEK 0"],
    [100_000_000_001, "SEK 1,000,000,000.01"],
  ])("formats %i öre as %s", (ore, text) => {
    // Intl puts a no-break space after the currency code.
    expect(formatOre(ore).replace(/\u00a0/g, " ")).toBe(text);
  });

  it.each([
    ["25 000", 2_500_000],
    ["1234,5", 123_450],
    ["99.95", 9_995],
    ["0.1", 10],
    ["", null],
    ["12.345", "12.345"],
    ["ten", "ten"],
  ])("reads %j kronor as %j öre", (text, ore) => {
    expect(oreOrNull(text)).toBe(ore);
  });

  it("reads back what it shows, for every öre of a krona and a large sum", () => {
    for (let ore = 0; ore < 200; ore += 1) expect(oreOrNull(kronorTextOf(ore))).toBe(ore);
    expect(oreOrNull(kronorTextOf(123_456_789_012))).toBe(123_456_789_012);
  });

  it("shows and reads billing shares in per cent from basis points", () => {
    expect(formatShare(3000)).toBe("30 %");
    expect(formatShare(3333)).toBe("33.33 %");
    expect(basisPointsOrNull("12.5")).toBe(1250);
  });
});
