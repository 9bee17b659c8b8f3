import { useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { Deal } from "@/features/crm/api/crm-types";
import { readTable } from "@/features/crm/api/read-table";

/** The table's most rows per read: the whole board in one call. */
export const DEAL_BOARD_LIMIT = 500;

export function dealsQuery(filter: { companyId?: string } = {}): Record<string, string> {
  const query: Record<string, string> = {
    order: "position.asc,created_at.asc",
    limit: String(DEAL_BOARD_LIMIT),
  };
  if (filter.companyId) query.company_id = `eq.${filter.companyId}`;
  return query;
}

export const dealsQueryKey = (filter: { companyId?: string } = {}) =>
  crmKeys.list("crm_deals", dealsQuery(filter));

/** Every deal (the board), or one company's. */
export function useDeals(filter: { companyId?: string } = {}) {
  return useQuery({
    queryKey: dealsQueryKey(filter),
    queryFn: ({ signal }) => readTable<Deal>("crm_deals", dealsQuery(filter), signal),
    meta: { errorMessage: "Failed to load deals" },
  });
}
