/**
 * Check digits of the Swedish numbers the business keeps: organisation, VAT and Bankgiro numbers (Luhn).
 * Shared by the server's schemas and the web app's forms. The music identifiers (ISWC, IPI, ISRC, UPC)
 * are royalties/identifiers.ts.
 */

const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

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
