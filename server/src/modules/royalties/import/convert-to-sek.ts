import {
  type ExactDecimal,
  formatDecimal,
  kronorToOre,
  multiplyDecimals,
  parseDecimal,
  rescale,
} from "@app/contracts";

export interface SekConverter {
  /** The line's amount in öre (amount × rate, see below). */
  convert(line: { amount: string; rate: string }): number;
  /** The statement so far in öre: always the sum of every convert() answer. */
  totalOre(): number;
  /** The statement so far in exact kronor, before any rounding. */
  exactTotal(): string;
}

/**
 * Converts a statement's lines to öre so that they add up to the statement's exact total rounded once,
 * rather than to a sum of per-line roundings: a streaming distributor line is often a hundredth of an öre,
 * and rounding 200,000 of those one by one would make or lose whole kronor. Each line gets the change in
 * the rounded running total (half to even, see exact-decimal.ts), so every line is within one öre of its
 * exact value and the lines' öre sum to the statement's rounded total exactly, in file order, in one pass.
 */
export function createSekConverter(): SekConverter {
  let running: ExactDecimal = { units: 0n, scale: 0 };
  let roundedOre = 0n;

  return {
    convert(line) {
      const amount = parseDecimal(line.amount);
      const rate = parseDecimal(line.rate);
      if (!amount || !rate) throw new RangeError("A line's amount and rate must be canonical decimals");
      const sek = multiplyDecimals(amount, rate);
      const scale = Math.max(running.scale, sek.scale);
      running = { units: rescale(running, scale) + rescale(sek, scale), scale };
      const next = kronorToOre(running);
      const lineOre = next - roundedOre;
      roundedOre = next;
      return toSafeNumber(lineOre);
    },
    totalOre: () => toSafeNumber(roundedOre),
    exactTotal: () => formatDecimal(running),
  };
}

function toSafeNumber(ore: bigint): number {
  const value = Number(ore);
  if (!Number.isSafeInteger(value)) throw new RangeError("An amount is beyond what öre can hold exactly");
  return value;
}
