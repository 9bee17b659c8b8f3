/** A star marks a reliability score above 8 (out of 10); exactly 8 gets none. */
const RELIABILITY_STAR_THRESHOLD = 8;

export function isStarPerformer(score: number | null | undefined): boolean {
  return typeof score === "number" && score > RELIABILITY_STAR_THRESHOLD;
}
