import { useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { ContactKind } from "@/features/crm/api/list-contacts";
import { distinctSorted } from "@/features/crm/utils/distinct-sorted";
import { readTable } from "@/lib/read-table";

/** Pages are capped at the table's 50 rows; a facet read walks them all (a small roster: a few calls). */
const PAGE = 50;
const MAX_PAGES = 40;

/**
 * Every role and genre in use by contacts of a kind: the options of the list's filters. The API has no
 * DISTINCT, so the two list columns are read page by page and merged here.
 */
export function useContactFacets(kind: ContactKind) {
  return useQuery({
    queryKey: crmKeys.facets(kind),
    queryFn: async ({ signal }) => {
      const rows: { roles: string[] | null; genres: string[] | null }[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await readTable(
          "crm_contacts",
          {
            select: ["roles", "genres"],
            filters: { kind: `eq.${kind}` },
            range: { limit: PAGE, offset: page * PAGE },
          },
          signal,
        );
        rows.push(...answer.rows);
        if (answer.rows.length < PAGE || rows.length >= answer.total) break;
      }
      return {
        roles: distinctSorted(rows.flatMap((row) => row.roles ?? [])),
        genres: distinctSorted(rows.flatMap((row) => row.genres ?? [])),
      };
    },
    staleTime: 5 * 60_000,
  });
}
