import { useQuery } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { expectSuccess, readRows } from "@/lib/postgrest";
import type { TableRow } from "@/lib/table-writes";

export type PortfolioItem = TableRow<"portfolio_items">;
export type ExternalLinkItem = PortfolioItem["external_links"][number];

const PORTFOLIO_LOAD_TOAST = "Failed to load portfolio";

export const portfolioKeys = {
  all: ["portfolio"] as const,
  works: (talentId: string) => ["portfolio", "works", talentId] as const,
};

/** A talent's works, newest first (a talent's portfolio is well under the table's 200-row page). */
async function fetchPortfolioWorks(talentId: string, signal?: AbortSignal): Promise<PortfolioItem[]> {
  const response = await tsr.tables.portfolio_items.list.query({
    query: { talent_id: `eq.${talentId}`, order: "year.desc,created_at.desc" },
    headers: {},
    fetchOptions: { signal },
  });
  return readRows<PortfolioItem>(expectSuccess(response)).rows;
}

export function usePortfolioWorks(talentId: string) {
  return useQuery({
    queryKey: portfolioKeys.works(talentId),
    queryFn: ({ signal }) => fetchPortfolioWorks(talentId, signal),
    meta: { errorMessage: PORTFOLIO_LOAD_TOAST },
  });
}
