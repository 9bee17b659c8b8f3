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
