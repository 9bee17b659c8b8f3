/**
 * The music industry's identifiers and their check digits: ISWC (a work), IPI name number (a writer or
 * publisher), ISRC (a recording) and UPC/EAN (a release). Each has one stored form (no hyphens, dots or
 * spaces); the functions here accept the forms people write and say whether the check digit matches.
 * Shared by the table declarations, the server's CWR export and the web app's forms.
 */

const withoutSeparators = (value: string) => value.replace(/[\s.-]/g, "");

/** The check digit of nine ISWC digits: 1 plus each digit times its place (1…9), complemented modulo 10. */
function iswcCheckDigit(nineDigits: string): number {
  const sum = [...nineDigits].reduce((acc, d, i) => acc + Number(d) * (i + 1), 1);
  return (10 - (sum % 10)) % 10;
}

/** An ISWC as stored: `T` and ten digits, the last the check digit. */
export const ISWC_PATTERN = /^T\d{10}$/;

/** `T-123.456.789-4` or `T1234567894` (any case), as the stored `T1234567894`, or undefined when malformed. */
export function normalizeIswc(value: string): string | undefined {
  const compact = withoutSeparators(value).toUpperCase();
  return ISWC_PATTERN.test(compact) ? compact : undefined;
}

/** Whether an ISWC, written either way, has the check digit of its nine digits. */
export function isValidIswc(value: string): boolean {
  const compact = normalizeIswc(value);
  return compact !== undefined && iswcCheckDigit(compact.slice(1, 10)) === Number(compact[10]);
}

/** The written form `T-DDD.DDD.DDD-C` of a stored ISWC. */
export function formatIswc(stored: string): string {
  const d = stored.slice(1);
  return `T-${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d[9]}`;
}

/** The two check digits of nine IPI digits: weighted 10…2, summed, complemented modulo 101 (100 is 00). */
function ipiCheckDigits(nineDigits: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(nineDigits[i]) * (10 - i);
  const rest = sum % 101;
  return String(rest === 0 ? 0 : (101 - rest) % 100).padStart(2, "0");
}

/** 11 digits (spaces and hyphens ignored); the last two are the check digits of the first nine. */
export function isValidIpiNameNumber(value: string): boolean {
  const digits = withoutSeparators(value);
  return /^\d{11}$/.test(digits) && ipiCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/**
 * An IPI name number as stored: 11 digits, left-padded with zeros as societies print shorter ones
 * (`199` is `00000000199`), or undefined when it is not a valid one.
 */
export function normalizeIpiNameNumber(value: string): string | undefined {
  const digits = withoutSeparators(value);
  if (!/^\d{1,11}$/.test(digits)) return undefined;
  const padded = digits.padStart(11, "0");
  return isValidIpiNameNumber(padded) ? padded : undefined;
}

/** ISRC as stored: `CCXXXYYNNNNN` (country, registrant, year, designation), the hyphens of `CC-XXX-YY-NNNNN` left out. */
export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/** `CC-XXX-YY-NNNNN` or without hyphens, any case, as the stored form (or undefined when malformed). */
export function normalizeIsrc(value: string): string | undefined {
  const compact = value.trim().replace(/-/g, "").toUpperCase();
  return ISRC_PATTERN.test(compact) ? compact : undefined;
}

/** The written form `CC-XXX-YY-NNNNN` of a stored ISRC. */
export function formatIsrc(stored: string): string {
  return `${stored.slice(0, 2)}-${stored.slice(2, 5)}-${stored.slice(5, 7)}-${stored.slice(7)}`;
}

/** The GTIN check digit of the digits before it: weights 3 and 1 from the right, complemented modulo 10. */
function gtinCheckDigit(body: string): number {
  const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

/** UPC-A (12 digits) or EAN-13 (13): the last digit is the GTIN check digit of the others. */
export function isValidUpcOrEan(value: string): boolean {
  return /^(\d{12}|\d{13})$/.test(value) && gtinCheckDigit(value.slice(0, -1)) === Number(value.slice(-1));
}
