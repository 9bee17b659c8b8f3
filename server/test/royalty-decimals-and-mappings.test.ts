import {
  BUILT_IN_ROYALTY_MAPPINGS,
  divideHalfEven,
  formatDecimal,
  kronorToOre,
  missingMappedColumns,
  parseDecimal,
  royaltyColumnMappingSchema,
} from "@app/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSekConverter } from "../src/modules/royalties/import/convert-to-sek";

describe("exact decimals", () => {
  it.each([
    ["0.000342", ".", "0.000342"],
    ["-0.4127", ".", "-0.4127"],
    ["1,234.50", ".", "1234.5"],
    ["3.42E-4", ".", "0.000342"],
    ["1.5e3", ".", "1500"],
    ["+12", ".", "12"],
    [".5", ".", "0.5"],
    ["1 234,56", ",", "1234.56"],
    ["1.234,56", ",", "1234.56"],
    ["-56,20", ",", "-56.2"],
    ["\u22125,5", ",", "-5.5"],
  ] as const)("%s with %s reads as %s", (text, separator, expected) => {
    const value = parseDecimal(text, separator);
    expect(value && formatDecimal(value)).toBe(expected);
  });

  it.each([
    ["", "."],
    ["abc", "."],
    ["1,5", "."],
    ["1.2.3", "."],
    ["0.5", ","],
    ["12 kr", ","],
    ["1e-30", "."],
  ] as const)("%j with %s is not a number", (text, separator) => {
    expect(parseDecimal(text, separator)).toBeUndefined();
  });

  it("rounds halves to the even öre, symmetrically for negative amounts", () => {
    const ore = (text: string) =>
      kronorToOre(parseDecimal(text) as NonNullable<ReturnType<typeof parseDecimal>>);
    expect([ore("0.005"), ore("0.015"), ore("0.025"), ore("0.0251"), ore("-0.015"), ore("-0.025")]).toEqual([
      0n,
      2n,
      2n,
      3n,
      -2n,
      -2n,
    ]);
    expect(divideHalfEven(7n, 2n)).toBe(4n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
  });

  it("formats and parses back any decimal unchanged", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 12 }),
        (units, scale) => {
          const text = formatDecimal({ units, scale });
          const back = parseDecimal(text);
          expect(back && formatDecimal(back)).toBe(text);
          expect(back && back.units * 10n ** BigInt(scale)).toBe(units * 10n ** BigInt(back?.scale ?? 0));
        },
      ),
    );
  });

  it("gives lines öre that add up to the statement's exact total rounded once, each within an öre", () => {
    const amount = fc
      .tuple(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), fc.integer({ min: 0, max: 8 }))
      .map(([units, scale]) => formatDecimal({ units, scale }));
    const rate = fc
      .integer({ min: 1, max: 20_000_000 })
      .map((units) => formatDecimal({ units: BigInt(units), scale: 6 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, rate), { maxLength: 60 }), (lines) => {
        const converter = createSekConverter();
        // The reference: exact products at a common scale of 14 decimals, summed, then rounded once.
        let exact = 0n;
        let sum = 0;
        for (const [a, r] of lines) {
          const ore = converter.convert({ amount: a, rate: r });
          const product = scaled(a, 8) * scaled(r, 6);
          const gap = BigInt(ore) * 10n ** 12n - product;
          expect(gap <= 10n ** 12n && gap >= -(10n ** 12n)).toBe(true);
          exact += product;
          sum += ore;
        }
        const expected = Number(divideHalfEven(exact, 10n ** 12n));
        expect(sum).toBe(expected);
        expect(converter.totalOre()).toBe(expected);
      }),
    );
  });
});

/** A canonical decimal as an integer of 10^-scale units. */
function scaled(text: string, scale: number): bigint {
  const [whole = "0", fraction = ""] = text.replace("-", "").split(".");
  const units = BigInt(whole + fraction.padEnd(scale, "0"));
  return text.startsWith("-") ? -units : units;
}

describe("column mappings", () => {
  it("accepts the three built-in mappings", () => {
    for (const mapping of BUILT_IN_ROYALTY_MAPPINGS)
      expect(royaltyColumnMappingSchema.parse(mapping)).toEqual(mapping);
  });

  it("accepts a user's mapping and defaults the decimal separator", () => {
    const parsed = royaltyColumnMappingSchema.parse({
      name: "Sync house",
      columns: { title: "Track", amount: "Fee", currency: "Cur" },
    });
    expect(parsed.decimal_separator).toBe(".");
  });

  it("refuses a mapping without an amount, an identifier or a currency, saying which", () => {
    const result = royaltyColumnMappingSchema.safeParse({ name: "Broken", columns: { artist: "Artist" } });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(["columns.amount", "columns", "default_currency"]);
  });

  it.each([
    ["an unknown field", { columns: { amount: "A", title: "T", bogus: "B" } }],
    ["a currency that is not a code", { default_currency: "kr" }],
    ["an unknown key", { extra: 1 }],
  ])("refuses %s", (_case, change) => {
    const valid = { name: "x", columns: { amount: "A", title: "T" }, default_currency: "SEK" };
    expect(royaltyColumnMappingSchema.safeParse(valid).success).toBe(true);
    expect(royaltyColumnMappingSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });

  it("lists the mapped headers a file lacks, comparing trimmed and in any case", () => {
    const [distrokid] = BUILT_IN_ROYALTY_MAPPINGS;
    if (!distrokid) throw new Error("no built-in mapping");
    const header = ["isrc ", "UPC", "Title", "Artist", "Sale Month", "Quantity", "Store", "Country of Sale"];
    expect(missingMappedColumns(distrokid, header)).toEqual(["Earnings (USD)"]);
  });
});
