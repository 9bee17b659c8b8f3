/*
 * Money in öre, as the API keeps it: whole numbers only. Amounts are turned into text and back with integer
 * arithmetic and decimal strings, never through a float, so 0.1 + 0.2 can never show up on a screen.
 */

const ORE_PER_KRONA = 100;

// Intl formats a decimal string exactly (no float in between); the ISO code, as formatSek shows money.
const sekFormatter = (fractionDigits: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "SEK",
    currencyDisplay: "code",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
const wholeKronor = sekFormatter(0);
const withOre = sekFormatter(2);

/** The decimal string of an amount in öre: 123456 → "1234.56", -5 → "-0.05". */
function decimalOf(ore: number): string {
  const sign = ore < 0 ? "-" : "";
  const abs = Math.abs(ore);
  const kronor = Math.trunc(abs / ORE_PER_KRONA);
  const rest = abs % ORE_PER_KRONA;
  return `${sign}${kronor}.${String(rest).padStart(2, "0")}`;
}

/** 2_500_000 öre → "SEK 25,000"; 12_345 öre → "SEK 123.45" (öre shown only when there are some). */
export function formatOre(ore: number): string {
  // `format` takes a decimal string at runtime (Intl.NumberFormat v3); the DOM types still say number.
  const exact = decimalOf(ore) as unknown as number;
  return (ore % ORE_PER_KRONA === 0 ? wholeKronor : withOre).format(exact);
}

/** An amount in öre as a form shows it in kronor: 2_500_050 → "25000.50", 2_500_000 → "25000". */
export function kronorTextOf(ore: number | null | undefined): string {
  if (ore === null || ore === undefined) return "";
  return ore % ORE_PER_KRONA === 0 ? String(ore / ORE_PER_KRONA) : decimalOf(ore);
}

const KRONOR_TEXT = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/;

/**
 * Kronor typed in a form ("25 000", "1234,5", "99.95") as whole öre; blank is null, anything else stays
 * text so the table's schema refuses it next to the field.
 */
export function oreOrNull(text: string): number | string | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "");
  if (compact === "") return null;
  const match = KRONOR_TEXT.exec(compact);
  if (!match) return text.trim();
  const [, sign, kronor, fraction = ""] = match;
  const ore = Number(kronor) * ORE_PER_KRONA + Number(fraction.padEnd(2, "0"));
  return sign ? -ore : ore;
}

/** Basis points as a share: 3000 → "30 %", 3333 → "33.33 %". */
export function formatShare(bp: number): string {
  return `${kronorTextOf(bp)} %`;
}

/** A share typed in per cent ("30", "12.5") as basis points: hundredths, read as kronor are into öre. */
export function basisPointsOrNull(text: string): number | string | null {
  return oreOrNull(text);
}
