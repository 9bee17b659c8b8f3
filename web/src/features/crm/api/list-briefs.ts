import { useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import { type ReadOptions, readTable } from "@/lib/read-table";

/** The table's most rows per read: the whole board in one call. */
const BRIEF_BOARD_LIMIT = 500;

const briefsQuery = {
  order: ["position.asc", "created_at.asc"],
  range: { limit: BRIEF_BOARD_LIMIT },
} satisfies ReadOptions<"crm_briefs">;
export const briefsQueryKey = crmKeys.list("crm_briefs", briefsQuery);

export function useBriefs() {
  return useQuery({
    queryKey: briefsQueryKey,
    queryFn: ({ signal }) => readTable("crm_briefs", briefsQuery, signal),
    meta: { errorMessage: "Failed to load briefs" },
  });
}
