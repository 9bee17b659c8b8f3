/**
 * Check digits of the identifiers the business keeps: a writer's IPI name number (CISAC, mod 101) and a
 * Swedish organisation number (Luhn). Shared by the server's schemas and the web app's forms.
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

/** `NNNNNN-NNNN`: ten digits whose last is the Luhn check digit of the first nine. */
export function isValidSwedishOrgNumber(value: string): boolean {
  if (!/^\d{6}-\d{4}$/.test(value)) return false;
  const digits = digitsOnly(value);
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const doubled = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[9]);
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
