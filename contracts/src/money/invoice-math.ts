/**
 * The arithmetic of an invoice, in integer öre throughout (never floats): what a line comes to, the
 * taxable amount and VAT per rate, the total, and the optional öresavrundning to whole kronor. Shared by
 * the server, which caches the result on the invoice, and the web app's editor, which shows it live.
 *
 * Rounding: a line's amount (quantity × unit price) and each rate's VAT are rounded to the nearest öre,
 * a half away from zero. VAT is computed once per rate on that rate's taxable amount (the invoice shows
 * the taxable amount and the VAT per rate), not per line, so the printed figures agree with each other.
 * Rounding away from zero is symmetric: an ändringsfaktura with every line negated has exactly the
 * negated totals, so it nets the original to zero.
 */

/** The VAT rates Swedish sales use, in per cent. */
export const VAT_RATES = [25, 12, 6, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** Quantities are exact decimals with up to three decimals, held as integer thousandths. */
export const QUANTITY_SCALE = 1000;
/** The largest quantity a line holds, in thousandths (10 000 units). */
export const MAX_QUANTITY_MILLI = 10_000_000;
/** The largest unit price, in öre (10 million kronor): with MAX_QUANTITY_MILLI, a line stays exact. */
export const MAX_UNIT_PRICE_ORE = 1_000_000_000;
/** The most lines one invoice has: with the limits above, every sum is a safe integer. */
export const MAX_INVOICE_LINES = 200;

export interface MoneyLine {
  quantity_milli: number;
  unit_price_ore: number;
  vat_rate: VatRate;
}

export interface RateTotal {
  vat_rate: VatRate;
  taxable_ore: number;
  vat_ore: number;
}

export interface InvoiceTotals {
  /** One entry per rate the lines use, highest rate first. */
  by_rate: RateTotal[];
  net_ore: number;
  vat_ore: number;
  /** The öresavrundning line: what the rounded total differs from the exact one (0 when not rounding). */
  rounding_ore: number;
  total_ore: number;
}

/** n / d rounded to the nearest integer, a half away from zero (d > 0), exactly, in BigInt. */
function divideRounded(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  const rounded = (magnitude * 2n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

const toSafeNumber = (value: bigint) => {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError("An amount is beyond what öre can hold exactly");
  return number;
};

/** Quantity × unit price, to the nearest öre. */
export function lineAmountOre(line: Pick<MoneyLine, "quantity_milli" | "unit_price_ore">): number {
  return toSafeNumber(
    divideRounded(BigInt(line.quantity_milli) * BigInt(line.unit_price_ore), BigInt(QUANTITY_SCALE)),
  );
}

/** VAT on a taxable amount at a rate, to the nearest öre. */
export function vatOre(taxableOre: number, rate: VatRate): number {
  return toSafeNumber(divideRounded(BigInt(taxableOre) * BigInt(rate), 100n));
}

/** The amount to whole kronor, a half away from zero. */
export function roundToKronor(ore: number): number {
  return toSafeNumber(divideRounded(BigInt(ore), 100n) * 100n);
}

/**
 * The invoice's figures. Under reverse charge the buyer accounts for the VAT, so none is charged; the
 * taxable amounts still show per rate.
 */
export function invoiceTotals(
  lines: readonly MoneyLine[],
  options: { reverseCharge: boolean; roundToKronor: boolean },
): InvoiceTotals {
  const taxable = new Map<VatRate, number>();
  for (const line of lines)
    taxable.set(line.vat_rate, (taxable.get(line.vat_rate) ?? 0) + lineAmountOre(line));
  const by_rate = VAT_RATES.filter((rate) => taxable.has(rate)).map((rate) => {
    const taxable_ore = taxable.get(rate) ?? 0;
    return { vat_rate: rate, taxable_ore, vat_ore: options.reverseCharge ? 0 : vatOre(taxable_ore, rate) };
  });
  const net_ore = by_rate.reduce((sum, r) => sum + r.taxable_ore, 0);
  const vat = by_rate.reduce((sum, r) => sum + r.vat_ore, 0);
  const exact = net_ore + vat;
  const total_ore = options.roundToKronor ? roundToKronor(exact) : exact;
  return { by_rate, net_ore, vat_ore: vat, rounding_ore: total_ore - exact, total_ore };
}

/** A quantity in thousandths as it is written: "1,5" for 1500. */
export function formatQuantity(milli: number): string {
  const sign = milli < 0 ? "−" : "";
  const magnitude = Math.abs(milli);
  const whole = Math.trunc(magnitude / QUANTITY_SCALE);
  const fraction = String(magnitude % QUANTITY_SCALE)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `,${fraction}` : ""}`;
}

/** A milestone's share of a project's fee: budget × share in basis points, to the nearest öre. */
export function milestoneAmountOre(budgetOre: number, shareBp: number): number {
  return toSafeNumber(divideRounded(BigInt(budgetOre) * BigInt(shareBp), 10_000n));
}
