/** Each value once, in alphabetical order (Swedish names sort with their å, ä and ö). */
export function distinctSorted(values: readonly string[]): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b, "sv"));
}
