import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatOre, formatOreAmount } from "./money-format";

const plain = (text: string) => text.replace(/\u00a0/g, " ").replace(/\u2212/g, "-");

describe("formatOre", () => {
  it.each([
    [0, "0,00 kr"],
    [5, "0,05 kr"],
    [100, "1,00 kr"],
    [99_999, "999,99 kr"],
    [1_234_500, "12 345,00 kr"],
    [123_456_789, "1 234 567,89 kr"],
    [-1_234_550, "-12 345,50 kr"],
  ])("writes %i öre as %s", (ore, text) => {
    expect(plain(formatOre(ore))).toBe(text);
  });

  it("refuses a fraction of an öre rather than rounding it away", () => {
    expect(() => formatOre(10.5)).toThrow(RangeError);
    expect(() => formatOreAmount(Number.NaN)).toThrow(RangeError);
  });

  it("reads back to the same öre for any amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (ore) => {
        const text = plain(formatOreAmount(ore)).replace(/ /g, "");
        const [kronor, rest] = text.replace("-", "").split(",");
        const back = Number(kronor) * 100 + Number(rest);
        expect(text.startsWith("-") ? -back : back).toBe(ore);
      }),
    );
  });
});
