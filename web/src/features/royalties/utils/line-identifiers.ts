import type { RoyaltyLine } from "@/features/royalties/api/royalties";

/** The identifiers a line carries, as staff search the catalogue by them. */
export function lineIdentifiers(line: RoyaltyLine): string {
  const named = [
    ["ISRC", line.isrc],
    ["UPC", line.upc],
    ["ISWC", line.iswc],
    ["Work no.", line.work_number],
  ] as const;
  return (
    named
      .filter(([, value]) => value)
      .map(([label, value]) => `${label} ${value}`)
      .join(" · ") || "No identifier"
  );
}
