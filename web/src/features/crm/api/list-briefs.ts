import { useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import { type Brief, COMPANY_NAME, type WithCompany } from "@/features/crm/api/crm-types";
import type { RowsAnswer } from "@/lib/postgrest";
import { type ReadOptions, readTable } from "@/lib/read-table";

/** The table's most rows per read: the whole board in one call. */
const BRIEF_BOARD_LIMIT = 500;

const briefsQuery = {
  order: ["position.asc", "created_at.asc"],
  range: { limit: BRIEF_BOARD_LIMIT },
  embed: [COMPANY_NAME],
} satisfies ReadOptions<"crm_briefs">;
export const briefsQueryKey = crmKeys.list("crm_briefs", briefsQuery);

export function useBriefs() {
  return useQuery({
    queryKey: briefsQueryKey,
    queryFn: ({ signal }) =>
      readTable("crm_briefs", briefsQuery, signal) as Promise<RowsAnswer<WithCompany<Brief>>>,
    meta: { errorMessage: "Failed to load briefs" },
  });
}
