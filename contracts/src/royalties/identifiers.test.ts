import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatIsrc,
  formatIswc,
  isValidIpiNameNumber,
  isValidIswc,
  isValidUpcOrEan,
  normalizeIpiNameNumber,
  normalizeIsrc,
  normalizeIswc,
} from "./identifiers";

/** Nine digits and the ISWC check digit computed here from its definition, independently of the module. */
const validIswc = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).map((d) => {
  const sum = 1 + d.reduce((acc, digit, i) => acc + digit * (i + 1), 0);
  return `T${d.join("")}${(10 - (sum % 10)) % 10}`;
});

const validIpi = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).map((d) => {
  const rest = d.reduce((acc, digit, i) => acc + digit * (10 - i), 0) % 101;
  return `${d.join("")}${String(rest === 0 ? 0 : (101 - rest) % 100).padStart(2, "0")}`;
});

const validGtin = (length: 12 | 13) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 1, maxLength: length - 1 }).map((d) => {
    const sum = [...d].reverse().reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 3 : 1), 0);
    return `${d.join("")}${(10 - (sum % 10)) % 10}`;
  });

/** The value with the digit at one of `positions` replaced by another digit. */
const oneDigitChanged = (valid: fc.Arbitrary<string>, positions: (value: string) => number[]) =>
  valid.chain((value) =>
    fc.tuple(fc.constantFrom(...positions(value)), fc.integer({ min: 1, max: 9 })).map(([at, step]) => ({
      value,
      changed: value.slice(0, at) + String((Number(value[at]) + step) % 10) + value.slice(at + 1),
    })),
  );

const digitPositions = (from: number) => (value: string) =>
  [...value].map((_, i) => i).filter((i) => i >= from);

describe("ISWC", () => {
  it.each(["T-123.456.789-4", "T1234567894", "t-034.524.680-1", "T0345246801"])("accepts %s", (iswc) => {
    expect(isValidIswc(iswc)).toBe(true);
  });

  it.each(["T-123.456.789-5", "T-123.456.789", "123.456.789-4", "X1234567894", "T12345678945", ""])(
    "refuses %s",
    (iswc) => {
      expect(isValidIswc(iswc)).toBe(false);
    },
  );

  it("is stored without its separators and written back with them", () => {
    expect(normalizeIswc("t-123.456.789-4")).toBe("T1234567894");
    expect(formatIswc("T1234567894")).toBe("T-123.456.789-4");
    expect(normalizeIswc("T-123.456")).toBeUndefined();
  });

  // A modulo-10 check with weights 1…9 cannot see every change: digit 5 moved by 2 (or an even-weighted
  // digit by 5) shifts the sum by a multiple of ten. Every other single change is caught.
  it("accepts every ISWC with its check digit, and refuses a changed digit unless the sum moves by tens", () => {
    fc.assert(
      fc.property(oneDigitChanged(validIswc, digitPositions(1)), ({ value, changed }) => {
        expect(isValidIswc(value)).toBe(true);
        expect(isValidIswc(formatIswc(value))).toBe(true);
        const at = [...value].findIndex((c, i) => c !== changed[i]);
        const shift = (Number(changed[at]) - Number(value[at])) * (at === 10 ? 1 : at);
        expect(isValidIswc(changed)).toBe(shift % 10 === 0);
      }),
    );
  });

  it("misses exactly the changes its weights cannot see", () => {
    expect(isValidIswc("T1234767894")).toBe(true);
    expect(isValidIswc("T1234667894")).toBe(false);
  });
});

describe("IPI name numbers", () => {
  it.each(["00000000199", "00000000297"])("accepts %s", (ipi) => {
    expect(isValidIpiNameNumber(ipi)).toBe(true);
  });

  it.each(["00000000198", "0000000019", "000000001990", "0000000019A"])("refuses %s", (ipi) => {
    expect(isValidIpiNameNumber(ipi)).toBe(false);
  });

  it("pads a short number with zeros as societies print it, and refuses a wrong one", () => {
    expect(normalizeIpiNameNumber("199")).toBe("00000000199");
    expect(normalizeIpiNameNumber("000 000 002 97")).toBe("00000000297");
    expect(normalizeIpiNameNumber("198")).toBeUndefined();
    expect(normalizeIpiNameNumber("123456789012")).toBeUndefined();
  });

  it("accepts every number with its check digits, and none with one digit changed", () => {
    fc.assert(
      fc.property(oneDigitChanged(validIpi, digitPositions(0)), ({ value, changed }) => {
        expect(isValidIpiNameNumber(value)).toBe(true);
        expect(isValidIpiNameNumber(changed)).toBe(false);
      }),
    );
  });
});

describe("ISRC", () => {
  it("ignores hyphens and case, and keeps the compact upper-case form", () => {
    expect(normalizeIsrc("se-abc-23-00001")).toBe("SEABC2300001");
    expect(normalizeIsrc("SEABC2300001")).toBe("SEABC2300001");
    expect(normalizeIsrc(" SE-ABC-23-00001 ")).toBe("SEABC2300001");
    expect(formatIsrc("SEABC2300001")).toBe("SE-ABC-23-00001");
  });

  it.each(["SE-ABC-23-0001", "S1-ABC-23-00001", "SE-ABC-2X-00001", "SE-ABC-23-000001", ""])(
    "refuses %s",
    (isrc) => {
      expect(normalizeIsrc(isrc)).toBeUndefined();
    },
  );

  it("reads back every written form as the same stored code", () => {
    const code = fc
      .tuple(
        fc.stringMatching(/^[A-Z]{2}$/),
        fc.stringMatching(/^[A-Z0-9]{3}$/),
        fc.stringMatching(/^\d{2}$/),
        fc.stringMatching(/^\d{5}$/),
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(code, fc.boolean(), (stored, lower) => {
        const written = formatIsrc(stored);
        expect(normalizeIsrc(lower ? written.toLowerCase() : written)).toBe(stored);
      }),
    );
  });
});

describe("UPC and EAN-13", () => {
  it.each(["7300000000011", "036000291452", "4006381333931"])("accepts %s", (code) => {
    expect(isValidUpcOrEan(code)).toBe(true);
  });

  it.each(["7300000000012", "03600029145", "40063813339310", "4006381333A31"])("refuses %s", (code) => {
    expect(isValidUpcOrEan(code)).toBe(false);
  });

  it("accepts every code with its check digit, and none with one digit changed", () => {
    fc.assert(
      fc.property(
        oneDigitChanged(fc.oneof(validGtin(12), validGtin(13)), digitPositions(0)),
        ({ value, changed }) => {
          expect(isValidUpcOrEan(value)).toBe(true);
          expect(isValidUpcOrEan(changed)).toBe(false);
        },
      ),
    );
  });
});
