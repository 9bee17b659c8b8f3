import { passesLuhn } from "../identifiers";

/**
 * OCR payment references as Bankgirot checks them: digits only, the last a 10-modul (Luhn) check digit
 * of everything before it; with the optional length digit, the second to last is the whole reference's
 * length (both control digits included) modulo 10. A reference with a length digit also passes a
 * check-digit-only control, so a bank set to either accepts it.
 */

/** The Luhn check digit that makes `digits` followed by it pass the 10-modul check. */
export function luhnCheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error("A check digit is computed over digits only");
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    // The check digit will sit to the right, so the rightmost digit here is the first one doubled.
    const weighted = i % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return String((10 - (sum % 10)) % 10);
}

/** The reference for `base`: base, then (optionally) the length digit, then the check digit. */
export function ocrReference(base: string, options: { lengthDigit: boolean }): string {
  const withLength = options.lengthDigit ? `${base}${(base.length + 2) % 10}` : base;
  return `${withLength}${luhnCheckDigit(withLength)}`;
}

/** Whether a reference passes the check digit (and, when asked, the length digit). */
export function isValidOcr(reference: string, options: { lengthDigit: boolean }): boolean {
  if (!/^\d{2,25}$/.test(reference) || !passesLuhn(reference)) return false;
  if (!options.lengthDigit) return true;
  return reference.length >= 3 && Number(reference.at(-2)) === reference.length % 10;
}

/** The series letters as two digits each (A = 01 … Z = 26), so a series and a number give one base. */
const seriesDigits = (series: string) =>
  [...series].map((letter) => String(letter.charCodeAt(0) - 64).padStart(2, "0")).join("");

/** Issued numbers have at most this many digits in an OCR reference (a series' millionth invoice is refused). */
export const OCR_NUMBER_DIGITS = 6;

/**
 * The OCR reference of an issued invoice: its series, then its number in six digits, with the length
 * and check digits. Equal lengths mean equal series lengths, so two invoices never share a reference.
 */
export function invoiceOcr(series: string, number: number): string {
  if (!/^[A-Z]{1,3}$/.test(series)) throw new Error("A series is one to three capital letters");
  if (!Number.isSafeInteger(number) || number < 1 || number >= 10 ** OCR_NUMBER_DIGITS)
    throw new Error(`An invoice number is 1 to ${10 ** OCR_NUMBER_DIGITS - 1}`);
  return ocrReference(`${seriesDigits(series)}${String(number).padStart(OCR_NUMBER_DIGITS, "0")}`, {
    lengthDigit: true,
  });
}
