/**
 * Amounts as Swedish invoices print them, from integer öre: "12 345,00 kr". Digits are grouped by a
 * no-break space and the unit is held to its number by one, so neither wraps onto a line of its own; a
 * negative amount (a credit invoice's) starts with the minus sign U+2212, as sv-SE writes it.
 */
const NBSP = "\u00a0";
const MINUS = "\u2212";

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/** Whole öre as "kronor,öre" without a unit: 1234500 → "12 345,00". Refuses a fraction of an öre. */
export function formatOreAmount(ore: number): string {
  if (!Number.isSafeInteger(ore)) throw new RangeError(`An amount in öre is a whole number, not ${ore}`);
  const abs = Math.abs(ore);
  const kronor = groupThousands(String(Math.trunc(abs / 100)));
  const rest = String(abs % 100).padStart(2, "0");
  return `${ore < 0 ? MINUS : ""}${kronor},${rest}`;
}

/** Whole öre as kronor with the unit: 1234500 → "12 345,00 kr". */
export function formatOre(ore: number): string {
  return `${formatOreAmount(ore)}${NBSP}kr`;
}
