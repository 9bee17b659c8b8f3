/**
 * updated_at is the row's version (a client saves with `updated_at=eq.<what it read>`), so it must move on
 * every update, even two within one millisecond.
 */
export function laterThan(previous: unknown, at: string): string {
  if (typeof previous !== "string" || previous < at) return at;
  return new Date(Date.parse(previous) + 1).toISOString();
}
