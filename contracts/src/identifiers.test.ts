import { describe, expect, it } from "vitest";
import {
  isValidBankgiro,
  isValidSwedishOrgNumber,
  isValidSwedishVatNumber,
  passesLuhn,
  vatNumberBelongsTo,
} from "./identifiers";

/** The same number with its last digit moved by one: its check digit no longer matches. */
const wrongCheckDigit = (value: string) => value.slice(0, -1) + String((Number(value.slice(-1)) + 1) % 10);

describe("the Luhn (10-modul) check", () => {
  it.each(["123455", "1234574", "202600012324", "5560473521", "1609908"])("passes %s", (digits) => {
    expect(passesLuhn(digits)).toBe(true);
    expect(passesLuhn(wrongCheckDigit(digits))).toBe(false);
  });

  it("takes digits only", () => {
    expect(passesLuhn("")).toBe(false);
    expect(passesLuhn("12345-5")).toBe(false);
  });
});

describe("Swedish organisation numbers", () => {
  it.each(["556047-3521", "556016-0680"])("accepts %s and refuses it with another check digit", (org) => {
    expect(isValidSwedishOrgNumber(org)).toBe(true);
    expect(isValidSwedishOrgNumber(wrongCheckDigit(org))).toBe(false);
  });

  it.each(["5560473521", "556047 3521", "55604-73521", "556047-352"])("refuses the form %s", (org) => {
    expect(isValidSwedishOrgNumber(org)).toBe(false);
  });
});

describe("Swedish VAT numbers", () => {
  it("accepts Bankgirot's own, SE556047352101, and refuses a wrong check digit in its number", () => {
    expect(isValidSwedishVatNumber("SE556047352101")).toBe(true);
    expect(isValidSwedishVatNumber("SE556047352201")).toBe(false);
  });

  it.each(["556047352101", "se556047352101", "SE55604735210", "SE556047352102", "SE5560473521-01"])(
    "refuses the form %s",
    (vat) => {
      expect(isValidSwedishVatNumber(vat)).toBe(false);
    },
  );

  it("belongs to the organisation number it is made of, and to no other", () => {
    expect(vatNumberBelongsTo("SE556047352101", "556047-3521")).toBe(true);
    expect(vatNumberBelongsTo("SE556047352101", "556016-0680")).toBe(false);
  });
});

describe("Bankgiro numbers", () => {
  it("accepts 160-9908 and refuses it with another check digit", () => {
    expect(isValidBankgiro("160-9908")).toBe(true);
    expect(isValidBankgiro("160-9909")).toBe(false);
  });

  it("takes seven or eight digits, the last four after a hyphen", () => {
    // An eight-digit number whose check digit is computed to be right.
    expect(passesLuhn("50501055")).toBe(true);
    expect(isValidBankgiro("5050-1055")).toBe(true);
    expect(isValidBankgiro("1609908")).toBe(false);
    expect(isValidBankgiro("16-09908")).toBe(false);
    expect(isValidBankgiro("50501-055")).toBe(false);
  });
});
