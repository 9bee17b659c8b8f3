import { useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import { COMPANY_NAME, type Deal, type WithCompany } from "@/features/crm/api/crm-types";
import type { RowsAnswer } from "@/lib/postgrest";
import { type ReadOptions, readTable } from "@/lib/read-table";

/** The table's most rows per read: the whole board in one call. */
const DEAL_BOARD_LIMIT = 500;

function dealsQuery(filter: { companyId?: string } = {}): ReadOptions<"crm_deals"> {
  return {
    filters: filter.companyId ? { company_id: `eq.${filter.companyId}` } : {},
    order: ["position.asc", "created_at.asc"],
    range: { limit: DEAL_BOARD_LIMIT },
    embed: [COMPANY_NAME],
  };
}

export const dealsQueryKey = (filter: { companyId?: string } = {}) =>
  crmKeys.list("crm_deals", dealsQuery(filter));

/** Every deal (the board), or one company's. */
export function useDeals(filter: { companyId?: string } = {}) {
  return useQuery({
    queryKey: dealsQueryKey(filter),
    queryFn: ({ signal }) =>
      readTable("crm_deals", dealsQuery(filter), signal) as Promise<RowsAnswer<WithCompany<Deal>>>,
    meta: { errorMessage: "Failed to load deals" },
  });
}
