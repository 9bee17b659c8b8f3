import { MAX_QUANTITY_MILLI, MAX_UNIT_PRICE_ORE, QUANTITY_SCALE } from "@app/contracts";

/*
 * Amounts and quantities as people type them ("1 234,50", "-2.5") turned into the integers the API keeps,
 * by reading the digits as a string: a float would turn 0,1 + 0,2 into 0,30000000000000004 and 1,005 kr
 * into 1,00 kr. Anything else (letters, a fourth decimal, two separators) is refused, never rounded.
 */
const DECIMAL = /^([-+\u2212]?)(\d{1,3}(?:[ \u00a0]\d{3})+|\d+)(?:[.,](\d*))?$/;

function parseScaled(text: string, decimals: number, max: number): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign = "", whole = "", fraction = ""] = match;
  if (fraction.length > decimals) return null;
  const digits = whole.replace(/[ \u00a0]/g, "") + fraction.padEnd(decimals, "0");
  const magnitude = BigInt(digits);
  if (magnitude > BigInt(max)) return null;
  const value = Number(magnitude);
  return sign === "" || sign === "+" ? value : -value;
}

/** Kronor with up to two decimals as whole öre ("1 234,50" → 123450); null for anything else. */
export function parseKronor(text: string, maxOre = MAX_UNIT_PRICE_ORE): number | null {
  return parseScaled(text, 2, maxOre);
}

/** A quantity with up to three decimals as thousandths ("1,5" → 1500); null for anything else. */
export function parseQuantity(text: string): number | null {
  return parseScaled(text, 3, MAX_QUANTITY_MILLI);
}

function formatScaled(value: number, scale: number, minDecimals: number): string {
  const sign = value < 0 ? "-" : "";
  const magnitude = Math.abs(value);
  const decimals = String(scale).length - 1;
  const fraction = String(magnitude % scale)
    .padStart(decimals, "0")
    .slice(0, decimals);
  const trimmed = fraction.replace(/0+$/, "").padEnd(minDecimals, "0");
  return `${sign}${Math.trunc(magnitude / scale)}${trimmed ? `,${trimmed}` : ""}`;
}

/** Öre as an editable kronor value: 123450 → "1234,50", 100000 → "1000,00". */
export function kronorInput(ore: number): string {
  return formatScaled(ore, 100, 2);
}

/** Thousandths as an editable quantity: 1500 → "1,5". */
export function quantityInput(milli: number): string {
  return formatScaled(milli, QUANTITY_SCALE, 0);
}
