/**
 * Exact decimals for royalty money. Statements carry amounts such as 0.000342 USD and rates such as
 * 10.4523 SEK/USD; a float loses öre once a few hundred thousand of them are added up, so an amount is held
 * as an integer count of 10^-scale units in BigInt, and kept on the line as its canonical decimal string.
 *
 * Rounding to öre is half to even: rounding happens on running totals of a whole statement (see the
 * server's SEK converter), and amounts with few decimals (a society's 0.005 SEK) land exactly on half an
 * öre often enough that always rounding halves up would move the statement's total by whole kronor; half
 * to even is also symmetric, so a negated adjustment rounds to the negated amount.
 */

export interface ExactDecimal {
  /** The value times 10^scale. */
  units: bigint;
  /** Digits after the decimal point, 0 or more. */
  scale: number;
}

/** The longest fraction a statement may carry; beyond it a value is more likely garbage than money. */
export const MAX_DECIMAL_SCALE = 18;

export type DecimalSeparator = "." | ",";

const PLAIN = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

/**
 * A decimal as a statement writes it: an optional sign, digits, the file's decimal separator and optional
 * exponent (spreadsheets write 3.42E-4). With "," as the separator, spaces and "." group thousands
 * (Swedish `1 234,56`); with ".", commas do (`1,234.56`). Undefined when the text is not a number.
 */
export function parseDecimal(text: string, separator: DecimalSeparator = "."): ExactDecimal | undefined {
  let value = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (separator === ",") {
    value = value.replace(/\.(?=\d{3}(?:\D|$))/g, "");
    // A dot left over is not a grouping dot: refuse it rather than guess which convention the cell used.
    if (value.includes(".")) return undefined;
    value = value.replace(",", ".");
  } else value = value.replace(/,(?=\d{3}(?:\D|$))/g, "");
  const match = PLAIN.exec(value.replace(/^\u2212/, "-"));
  if (!match) return undefined;
  const [, sign, whole = "", fraction = "", exponent = "0"] = match;
  if (whole === "" && fraction === "") return undefined;
  let scale = fraction.length - Number(exponent);
  let units = BigInt(`${whole}${fraction}` || "0");
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  if (sign === "-") units = -units;
  const reduced = reduce({ units, scale });
  return reduced.scale > MAX_DECIMAL_SCALE ? undefined : reduced;
}

/** Trailing zeros dropped, so equal values have one form. */
function reduce({ units, scale }: ExactDecimal): ExactDecimal {
  let u = units;
  let s = scale;
  while (s > 0 && u % 10n === 0n) {
    u /= 10n;
    s -= 1;
  }
  return { units: u, scale: s };
}

/** The canonical text of a decimal: `-0.000342`, `12`, `10.4523` (a dot, no exponent, no trailing zeros). */
export function formatDecimal(value: ExactDecimal): string {
  const { units, scale } = reduce(value);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

export const multiplyDecimals = (a: ExactDecimal, b: ExactDecimal): ExactDecimal => ({
  units: a.units * b.units,
  scale: a.scale + b.scale,
});

/** `value` at a finer scale (the same number, more digits). */
export function rescale(value: ExactDecimal, scale: number): bigint {
  if (scale < value.scale) throw new RangeError("rescale only adds digits");
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** n / d to the nearest integer, a half to the even neighbour (d > 0). */
export function divideHalfEven(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const remainder = n % d;
  if (remainder === 0n) return quotient;
  // BigInt division truncates toward zero, so the remainder has n's sign: step away from zero when past half.
  const step = n < 0n ? -1n : 1n;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice > d) return quotient + step;
  if (twice < d) return quotient;
  return quotient % 2n === 0n ? quotient : quotient + step;
}

/** A kronor amount to whole öre, half to even. */
export function kronorToOre(value: ExactDecimal): bigint {
  if (value.scale <= 2) return value.units * 10n ** BigInt(2 - value.scale);
  return divideHalfEven(value.units, 10n ** BigInt(value.scale - 2));
}
