/**
 * Splits a whole number of öre by weights (basis points, or any non-negative integers) so that the parts
 * add up to the amount exactly: each part gets its proportional share rounded down, and the öre left
 * over go one each to the largest remainders (Hamilton's method). Ties go to the larger weight, then to
 * the earlier position, so the same input always splits the same way. A negative amount (an adjustment)
 * splits as its magnitude does, negated, so reversing a line reverses every part.
 */
export function splitByLargestRemainder(amount: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount)) throw new RangeError("The amount must be whole öre");
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError("Weights must be non-negative integers");
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) throw new RangeError("At least one weight must be above zero");
  const magnitude = Math.abs(amount);
  const sign = amount < 0 ? -1 : 1;
  const { floors, remainders } = Number.isSafeInteger(magnitude * total)
    ? proportionalParts(magnitude, weights, total)
    : proportionalPartsBig(magnitude, weights, total);

  let leftover = magnitude - floors.reduce((sum, part) => sum + part, 0);
  const order = weights
    .map((_, i) => i)
    .sort(
      (a, b) =>
        compare(remainders[b] as number | bigint, remainders[a] as number | bigint) ||
        (weights[b] as number) - (weights[a] as number) ||
        a - b,
    );
  for (const i of order) {
    if (leftover === 0) break;
    floors[i] = (floors[i] as number) + 1;
    leftover -= 1;
  }
  // `|| 0` turns -0 (a zero part of a negative amount) into 0.
  return floors.map((part) => sign * part || 0);
}

function proportionalParts(magnitude: number, weights: readonly number[], total: number) {
  const floors = weights.map((w) => Math.floor((magnitude * w) / total));
  const remainders = weights.map((w) => (magnitude * w) % total);
  return { floors, remainders };
}

/** The same in BigInt, for amounts whose product with the weights passes 2^53. */
function proportionalPartsBig(magnitude: number, weights: readonly number[], total: number) {
  const m = BigInt(magnitude);
  const t = BigInt(total);
  const floors = weights.map((w) => Number((m * BigInt(w)) / t));
  const remainders = weights.map((w) => (m * BigInt(w)) % t);
  return { floors, remainders };
}

const compare = (a: number | bigint, b: number | bigint) => (a > b ? 1 : a < b ? -1 : 0);
