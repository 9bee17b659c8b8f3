import type { Brief } from "@/features/crm/api/crm-types";

/** The briefs board's search: the text in the title or the client's name, case-insensitively. */
export function filterBriefs<B extends Brief>(
  briefs: readonly B[],
  search: string,
  clientName: (brief: B) => string,
): B[] {
  const needle = search.trim().toLocaleLowerCase("sv");
  if (!needle) return [...briefs];
  return briefs.filter((brief) =>
    `${brief.title} ${clientName(brief)}`.toLocaleLowerCase("sv").includes(needle),
  );
}
