import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { type PortfolioItem, portfolioKeys } from "@/features/portfolio/api/list-portfolio-works";
import { discardWorkFolder } from "@/features/portfolio/api/work-media";
import {
  deleteRow,
  insertRow,
  type RowVersion,
  type TableInsert,
  updateRow,
  type VersionedChange,
} from "@/lib/table-writes";

const PORTFOLIO_UPDATED_TOAST = "Portfolio item updated";

/*
 * Every write refreshes the portfolio's reads once it settles (the query client's `invalidates`), so
 * the featured and all-works lists follow without a reload; outcome toasts come from the same meta.
 */
const invalidates = [portfolioKeys.all];

export function useAddPortfolioItem() {
  return useMutation({
    mutationFn: (values: TableInsert<"portfolio_items">) => insertRow("portfolio_items", values),
    meta: { successMessage: "Work added", errorMessage: "Could not add the work", invalidates },
  });
}

type WorksSnapshot = [readonly unknown[], PortfolioItem[] | undefined][];

/** Shows a change in every cached list at once, returning what to put back if the save is refused. */
async function showChange(queryClient: QueryClient, { id, changes }: VersionedChange<"portfolio_items">) {
  await queryClient.cancelQueries({ queryKey: portfolioKeys.all });
  const snapshot: WorksSnapshot = queryClient.getQueriesData<PortfolioItem[]>({
    queryKey: portfolioKeys.all,
  });
  queryClient.setQueriesData<PortfolioItem[]>({ queryKey: portfolioKeys.all }, (works) =>
    works?.map((work) => (work.id === id ? ({ ...work, ...changes } as PortfolioItem) : work)),
  );
  return snapshot;
}

/**
 * An edit or a featured toggle, saved against the version on screen. The lists show it at once (a
 * switch that waits for the server feels broken) and go back to what they were if the save is refused.
 */
export function useUpdatePortfolioItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: VersionedChange<"portfolio_items">) => updateRow("portfolio_items", change),
    onMutate: (change) => showChange(queryClient, change),
    onError: (_error, _change, snapshot) => {
      for (const [queryKey, works] of snapshot ?? []) queryClient.setQueryData(queryKey, works);
    },
    meta: {
      successMessage: PORTFOLIO_UPDATED_TOAST,
      errorMessage: "Could not save the work",
      invalidates,
    },
  });
}

/** Deletes the work, then its files: a refused delete (someone changed it since) leaves both as they were. */
export function useDeletePortfolioItem() {
  return useMutation({
    mutationFn: async (work: RowVersion) => {
      await deleteRow("portfolio_items", work);
      await discardWorkFolder(work.id);
    },
    meta: { successMessage: "Work deleted", errorMessage: "Could not delete the work", invalidates },
  });
}
