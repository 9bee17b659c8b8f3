import {
  formatOre,
  formatQuantity,
  invoiceOcr,
  invoiceTotals,
  isValidOcr,
  lineAmountOre,
  luhnCheckDigit,
  MAX_INVOICE_LINES,
  MAX_QUANTITY_MILLI,
  MAX_UNIT_PRICE_ORE,
  type MoneyLine,
  missingForIssue,
  ocrReference,
  passesLuhn,
  REVERSE_CHARGE_TEXT,
  VAT_RATES,
} from "@app/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SELLER as seller } from "./support/seller";

/**
 * The invoice arithmetic against a reference written apart from it, in BigInt öre: a line is
 * quantity (thousandths) × unit price ÷ 1000, the VAT of a rate is its taxable sum × rate ÷ 100, each to
 * the nearest öre with halves away from zero, and the optional total rounds to whole kronor.
 */
const nearest = (numerator: bigint, denominator: bigint) => {
  // BigInt division truncates toward zero; a remainder of at least half moves one further from zero.
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
  if (twiceRemainder < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
};
function reference(lines: MoneyLine[], reverseCharge: boolean, round: boolean) {
  const rates = new Map<number, bigint>();
  for (const l of lines)
    rates.set(
      l.vat_rate,
      (rates.get(l.vat_rate) ?? 0n) + nearest(BigInt(l.quantity_milli) * BigInt(l.unit_price_ore), 1000n),
    );
  let net = 0n;
  let vat = 0n;
  const byRate: { vat_rate: number; taxable_ore: number; vat_ore: number }[] = [];
  for (const rate of [25, 12, 6, 0]) {
    const taxable = rates.get(rate);
    if (taxable === undefined) continue;
    const v = reverseCharge ? 0n : nearest(taxable * BigInt(rate), 100n);
    byRate.push({ vat_rate: rate, taxable_ore: Number(taxable), vat_ore: Number(v) });
    net += taxable;
    vat += v;
  }
  const exact = net + vat;
  const total = round ? nearest(exact, 100n) * 100n : exact;
  return {
    by_rate: byRate,
    net_ore: Number(net),
    vat_ore: Number(vat),
    rounding_ore: Number(total - exact),
    total_ore: Number(total),
  };
}

const line = fc.record({
  quantity_milli: fc.integer({ min: -MAX_QUANTITY_MILLI, max: MAX_QUANTITY_MILLI }),
  unit_price_ore: fc.integer({ min: -MAX_UNIT_PRICE_ORE, max: MAX_UNIT_PRICE_ORE }),
  vat_rate: fc.constantFrom(...VAT_RATES),
});
const lines = fc.array(line, { maxLength: MAX_INVOICE_LINES });
const smallLines = fc.array(
  fc.record({
    quantity_milli: fc.integer({ min: 1, max: 5000 }),
    unit_price_ore: fc.integer({ min: 0, max: 10_000 }),
    vat_rate: fc.constantFrom(...VAT_RATES),
  }),
  { maxLength: 20 },
);
const options = fc.record({ reverseCharge: fc.boolean(), roundToKronor: fc.boolean() });

describe("invoice arithmetic", () => {
  it("equals the integer-öre reference over random lines, at the extremes and at small amounts", () => {
    for (const gen of [lines, smallLines])
      fc.assert(
        fc.property(gen, options, (ls, o) => {
          const totals = invoiceTotals(ls, o);
          expect(totals).toEqual(reference(ls, o.reverseCharge, o.roundToKronor));
          for (const value of [totals.net_ore, totals.vat_ore, totals.total_ore, totals.rounding_ore])
            expect(Number.isSafeInteger(value)).toBe(true);
        }),
        { numRuns: 300 },
      );
  });

  it("keeps the rounding line within half a krona, and makes the total whole kronor", () => {
    fc.assert(
      fc.property(lines, fc.boolean(), (ls, reverseCharge) => {
        const totals = invoiceTotals(ls, { reverseCharge, roundToKronor: true });
        expect(Math.abs(totals.rounding_ore)).toBeLessThanOrEqual(50);
        expect(totals.total_ore % 100 === 0).toBe(true);
        expect(totals.total_ore).toBe(totals.net_ore + totals.vat_ore + totals.rounding_ore);
      }),
      { numRuns: 200 },
    );
  });

  it("gives negated lines exactly negated totals, so a credit invoice nets the original to zero", () => {
    fc.assert(
      fc.property(lines, options, (ls, o) => {
        const original = invoiceTotals(ls, o);
        const credit = invoiceTotals(
          ls.map((l) => ({ ...l, quantity_milli: -l.quantity_milli })),
          o,
        );
        expect(credit.total_ore + original.total_ore).toBe(0);
        expect(credit.vat_ore + original.vat_ore).toBe(0);
        expect(credit.rounding_ore + original.rounding_ore).toBe(0);
        expect(
          credit.by_rate.map(
            (r) => r.vat_ore + (original.by_rate.find((o2) => o2.vat_rate === r.vat_rate)?.vat_ore ?? 0),
          ),
        ).toEqual(credit.by_rate.map(() => 0));
      }),
      { numRuns: 200 },
    );
  });

  it("computes VAT once per rate on the rate's taxable amount, not per line", () => {
    // Three lines of 0,10 kr at 25 %: per line 0,025 kr each would round to 0,03 kr (0,09 kr); on the
    // rate's 0,30 kr it is 0,075 → 0,08 kr.
    const totals = invoiceTotals(
      Array.from({ length: 3 }, () => ({ quantity_milli: 1000, unit_price_ore: 10, vat_rate: 25 as const })),
      { reverseCharge: false, roundToKronor: false },
    );
    expect(totals.by_rate).toEqual([{ vat_rate: 25, taxable_ore: 30, vat_ore: 8 }]);
  });

  it("rounds a line's amount to the nearest öre, halves away from zero, with exact decimal quantities", () => {
    expect(lineAmountOre({ quantity_milli: 1500, unit_price_ore: 99_999 })).toBe(149_999); // 149 998,5
    expect(lineAmountOre({ quantity_milli: -1500, unit_price_ore: 99_999 })).toBe(-149_999);
    expect(lineAmountOre({ quantity_milli: 333, unit_price_ore: 100 })).toBe(33); // 33,3
    expect(lineAmountOre({ quantity_milli: MAX_QUANTITY_MILLI, unit_price_ore: MAX_UNIT_PRICE_ORE })).toBe(
      10_000_000_000_000,
    );
  });

  it("charges no VAT under reverse charge but still shows the taxable amount per rate", () => {
    const totals = invoiceTotals([{ quantity_milli: 2000, unit_price_ore: 50_000, vat_rate: 0 }], {
      reverseCharge: true,
      roundToKronor: true,
    });
    expect(totals).toEqual({
      by_rate: [{ vat_rate: 0, taxable_ore: 100_000, vat_ore: 0 }],
      net_ore: 100_000,
      vat_ore: 0,
      rounding_ore: 0,
      total_ore: 100_000,
    });
  });

  it("writes amounts and quantities as Swedish invoices do", () => {
    expect(formatOre(123_456_789)).toBe("1\u00a0234\u00a0567,89\u00a0kr");
    expect(formatOre(-5)).toBe("−0,05\u00a0kr");
    expect(formatQuantity(1500)).toBe("1,5");
    expect(formatQuantity(2000)).toBe("2");
    expect(formatQuantity(-1)).toBe("−0,001");
  });
});

describe("OCR references", () => {
  it("match the known vectors, with and without the length digit", () => {
    expect(ocrReference("12345", { lengthDigit: false })).toBe("123455");
    expect(ocrReference("12345", { lengthDigit: true })).toBe("1234574");
    expect(ocrReference("2026000123", { lengthDigit: true })).toBe("202600012324");
    expect(isValidOcr("123455", { lengthDigit: false })).toBe(true);
    expect(isValidOcr("1234574", { lengthDigit: true })).toBe(true);
    // A reference with a length digit also passes a check-digit-only control.
    expect(isValidOcr("1234574", { lengthDigit: false })).toBe(true);
    expect(isValidOcr("123455", { lengthDigit: true })).toBe(false);
    expect(isValidOcr("1234575", { lengthDigit: true })).toBe(false);
    expect(isValidOcr("12a455", { lengthDigit: false })).toBe(false);
  });

  it("pass the bank's control for any base, and catch every single-digit error", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,20}$/), fc.boolean(), (base, lengthDigit) => {
        const ocr = ocrReference(base, { lengthDigit });
        expect(passesLuhn(ocr)).toBe(true);
        expect(isValidOcr(ocr, { lengthDigit })).toBe(true);
        // Luhn catches any single mistyped digit: here the base's last one.
        const i = base.length - 1;
        const mistyped = `${base.slice(0, i)}${(Number(base[i]) + 1) % 10}${ocr.slice(base.length)}`;
        expect(passesLuhn(mistyped)).toBe(false);
      }),
    );
    expect(luhnCheckDigit("160990")).toBe("8"); // Bankgiro 160-9908
  });

  it("give every series and number a reference of its own", () => {
    expect(invoiceOcr("A", 123)).toBe(ocrReference("01000123", { lengthDigit: true }));
    const seen = new Set<string>();
    for (const series of ["A", "B", "AB", "Z", "ZZZ"])
      for (const number of [1, 2, 10, 999_999]) seen.add(invoiceOcr(series, number));
    expect(seen.size).toBe(20);
    expect(() => invoiceOcr("A", 1_000_000)).toThrow();
  });
});

describe("what issuing requires", () => {
  const buyer = {
    buyer_name: "Kund AB",
    buyer_street_address: "Storgatan 2",
    buyer_postal_code: "111 22",
    buyer_city: "Stockholm",
    buyer_country: "SE",
    buyer_vat_number: null,
    buyer_is_business: true,
    reverse_charge: false,
    delivery_date: "2026-11-20",
  };
  const taxed = { description: "Mix", quantity_milli: 1000, vat_rate: 25, exempt_reference: null };

  it("lists each missing field of a full invoice", () => {
    expect(missingForIssue(buyer, [taxed], seller)).toEqual([]);
    expect(
      missingForIssue({ ...buyer, buyer_name: " ", delivery_date: null }, [{ ...taxed, vat_rate: 0 }], null),
    ).toEqual([
      "the seller's details (company settings)",
      "buyer_name",
      "delivery_date",
      "line 1: exempt_reference (the legal ground for no VAT)",
    ]);
    expect(missingForIssue(buyer, [], seller)).toEqual(["at least one line"]);
  });

  it("holds reverse charge to a foreign buyer's VAT number and lines without VAT", () => {
    const eu = { ...buyer, reverse_charge: true, buyer_country: "DE" };
    expect(missingForIssue(eu, [taxed], seller)).toEqual([
      "buyer_vat_number (reverse charge)",
      "line 1: VAT rate 0 (reverse charge)",
    ]);
    expect(
      missingForIssue({ ...eu, buyer_vat_number: "DE123456789" }, [{ ...taxed, vat_rate: 0 }], seller),
    ).toEqual([]);
    expect(REVERSE_CHARGE_TEXT).toBe("Omvänd betalningsskyldighet");
  });
});
