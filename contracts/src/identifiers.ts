/**
 * Check digits of the identifiers the business keeps: a writer's IPI name number (CISAC, mod 101), and
 * Swedish organisation, VAT and Bankgiro numbers (Luhn). Shared by the server's schemas and the web app's forms.
 */

const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

/** 11 digits; the last two are the first nine weighted 10…2, summed, as a complement modulo 101. */
export function isValidIpiNameNumber(value: string): boolean {
  const digits = digitsOnly(value);
  if (!/^\d{11}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (10 - i);
  const rest = sum % 101;
  const check = rest === 0 ? 0 : (101 - rest) % 100;
  return String(check).padStart(2, "0") === digits.slice(9);
}

/**
 * The 10-modul (Luhn) check Swedish numbers end in: from the right, every second digit doubled (its digits
 * summed), the total a multiple of ten. The last digit is the check digit of the rest.
 */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    const weighted = i % 2 === 1 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return sum % 10 === 0;
}

/** `NNNNNN-NNNN`: ten digits whose last is the Luhn check digit of the first nine. */
export function isValidSwedishOrgNumber(value: string): boolean {
  return /^\d{6}-\d{4}$/.test(value) && passesLuhn(digitsOnly(value));
}

/** A Swedish VAT number: `SE`, the ten digits of an organisation (or personal) number, then `01`. */
export const SWEDISH_VAT_NUMBER_PATTERN = /^SE(\d{10})01$/;

/** `SE` + ten digits that pass the Luhn check + `01`. */
export function isValidSwedishVatNumber(value: string): boolean {
  const digits = SWEDISH_VAT_NUMBER_PATTERN.exec(value)?.[1];
  return digits !== undefined && passesLuhn(digits);
}

/** Whether a VAT number is the one of this organisation number (its ten digits are the number's). */
export const vatNumberBelongsTo = (vatNumber: string, orgNumber: string) =>
  SWEDISH_VAT_NUMBER_PATTERN.exec(vatNumber)?.[1] === digitsOnly(orgNumber);

/** A Bankgiro number, `NNN-NNNN` or `NNNN-NNNN`: seven or eight digits, the last the Luhn check digit. */
export function isValidBankgiro(value: string): boolean {
  return /^\d{3,4}-\d{4}$/.test(value) && passesLuhn(digitsOnly(value));
}

/** ISRC as stored: `CCXXXYYNNNNN` (country, registrant, year, designation), the hyphens of `CC-XXX-YY-NNNNN` left out. */
export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/** `CC-XXX-YY-NNNNN` or without hyphens, any case, as the stored form (or undefined when malformed). */
export function normalizeIsrc(value: string): string | undefined {
  const compact = value.replace(/-/g, "").toUpperCase();
  return ISRC_PATTERN.test(compact) ? compact : undefined;
}

/** UPC-A (12 digits) or EAN-13: the GTIN check digit, weights 3 and 1 from the right. */
export function isValidUpcOrEan(value: string): boolean {
  if (!/^(\d{12}|\d{13})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop() as number;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** ISWC `T1234567890` (also written T-123.456.789-0): 1 plus each of nine digits times its place, mod 10. */
export function isValidIswc(value: string): boolean {
  const compact = value.replace(/[-.]/g, "").toUpperCase();
  if (!/^T\d{10}$/.test(compact)) return false;
  const digits = [...compact.slice(1)].map(Number);
  const sum = digits.slice(0, 9).reduce((acc, d, i) => acc + d * (i + 1), 1);
  return (10 - (sum % 10)) % 10 === digits[9];
}
