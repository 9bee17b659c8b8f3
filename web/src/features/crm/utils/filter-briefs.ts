import type { Brief } from "@/features/crm/api/crm-types";

/** The briefs board's search: the text in the title or the client's name, case-insensitively. */
export function filterBriefs(briefs: readonly Brief[], search: string, clientName: (brief: Brief) => string) {
  const needle = search.trim().toLocaleLowerCase("sv");
  if (!needle) return [...briefs];
  return briefs.filter((brief) =>
    `${brief.title} ${clientName(brief)}`.toLocaleLowerCase("sv").includes(needle),
  );
}
