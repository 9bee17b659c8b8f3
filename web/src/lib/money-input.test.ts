import { describe, expect, it } from "vitest";
import { kronorInput, parseKronor, parseQuantity, quantityInput } from "./money-input";

describe("parseKronor", () => {
  it.each([
    ["0,10", 10],
    ["1,005", null],
    ["1234,5", 123450],
    ["1 234,50", 123450],
    ["1\u00a0234.50", 123450],
    ["12", 1200],
    ["-3,25", -325],
    ["\u22123,25", -325],
    ["+7,", 700],
    ["0,29", 29],
    ["  45,07 ", 4507],
  ])("reads %j as %j öre", (text, ore) => {
    expect(parseKronor(text)).toBe(ore);
  });

  it.each(["", "abc", "1,2,3", "1.234,50", "12 34", "1e3", "12kr", ",5", "--1", "0x10", "Infinity"])(
    "refuses %j",
    (text) => {
      expect(parseKronor(text)).toBeNull();
    },
  );

  it("refuses an amount beyond its limit instead of losing precision", () => {
    expect(parseKronor("10000000,00")).toBe(1_000_000_000);
    expect(parseKronor("10000000,01")).toBeNull();
    expect(parseKronor("99999999999999999999")).toBeNull();
    expect(parseKronor("20000000,00", Number.MAX_SAFE_INTEGER)).toBe(2_000_000_000);
  });
});

describe("parseQuantity", () => {
  it.each([
    ["1", 1000],
    ["1,5", 1500],
    ["0.001", 1],
    ["2,125", 2125],
    ["-1", -1000],
    ["10000", 10_000_000],
  ])("reads %j as %j thousandths", (text, milli) => {
    expect(parseQuantity(text)).toBe(milli);
  });

  it.each(["1,0005", "10000,001", "one", "", "1/2"])("refuses %j", (text) => {
    expect(parseQuantity(text)).toBeNull();
  });
});

describe("editable values", () => {
  it("writes öre and thousandths back as the parser reads them", () => {
    expect(kronorInput(123450)).toBe("1234,50");
    expect(kronorInput(-5)).toBe("-0,05");
    expect(quantityInput(1500)).toBe("1,5");
    expect(quantityInput(2000)).toBe("2");
    expect(quantityInput(-125)).toBe("-0,125");
    for (const ore of [0, 1, 99, 100, 123456789, -42])
      expect(parseKronor(kronorInput(ore), Number.MAX_SAFE_INTEGER)).toBe(ore);
    for (const milli of [0, 1, 10, 999, 1000, 1234567, -5])
      expect(parseQuantity(quantityInput(milli))).toBe(milli);
  });
});
