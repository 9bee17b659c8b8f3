import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type PortfolioItem, SAMPLE_PORTFOLIO_WORKS } from "@/features/portfolio/data/sample-portfolio";

export const PORTFOLIO_LOAD_TOAST = "Failed to load portfolio";

export const portfolioWorksQueryKey = (talentId: string) => ["portfolio", "works", talentId] as const;

/** Spec §7: no call yet; a stub answers with the two sample works (copied, so edits never touch them). */
export async function fetchPortfolioWorks(_talentId: string): Promise<PortfolioItem[]> {
  return structuredClone(SAMPLE_PORTFOLIO_WORKS);
}

export function usePortfolioWorks(talentId: string, fetchWorks = fetchPortfolioWorks) {
  const query = useQuery({
    queryKey: portfolioWorksQueryKey(talentId),
    queryFn: () => fetchWorks(talentId),
    // Edits are kept only in this cache (spec §4), so a refetch must never overwrite them.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: PORTFOLIO_LOAD_TOAST },
  });
  return query;
}

/** Applies an edit to the cached works; there is no server to send it to yet. */
export function useUpdatePortfolioItem(talentId: string) {
  const queryClient = useQueryClient();
  return (item: PortfolioItem) => {
    queryClient.setQueryData<PortfolioItem[]>(portfolioWorksQueryKey(talentId), (works) =>
      works?.map((work) => (work.id === item.id ? item : work)),
    );
  };
}
