import { useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { Brief } from "@/features/crm/api/crm-types";
import { readTable } from "@/features/crm/api/read-table";

/** The table's most rows per read: the whole board in one call. */
export const BRIEF_BOARD_LIMIT = 500;

export const briefsQuery = { order: "position.asc,created_at.asc", limit: String(BRIEF_BOARD_LIMIT) };
export const briefsQueryKey = crmKeys.list("crm_briefs", briefsQuery);

export function useBriefs() {
  return useQuery({
    queryKey: briefsQueryKey,
    queryFn: ({ signal }) => readTable<Brief>("crm_briefs", briefsQuery, signal),
    meta: { errorMessage: "Failed to load briefs" },
  });
}
