import { useQuery } from "@tanstack/react-query";
import { royaltiesQueryKey } from "@/lib/query-keys";
import { readTable } from "@/lib/read-table";

/** Most imports read for the figure: far more than a period's statements, and one request. */
const IMPORTS_READ = 500;

/**
 * The royalty money accrued and not yet accounted for: what the imports of every period not yet closed
 * brought in, in öre. The imports carry their totals, so the figure is one read rather than a sum over
 * every statement line; a closed period's money is in its payees' statements instead.
 */
export function useRoyaltyAccrual() {
  return useQuery({
    queryKey: [...royaltiesQueryKey, "accrual"],
    queryFn: async ({ signal }) => {
      const open = await readTable(
        "royalty_periods",
        { select: ["id"], filters: { status: "neq.closed" }, count: "exact" },
        signal,
      );
      if (open.rows.length === 0) return 0;
      const imports = await readTable(
        "royalty_imports",
        {
          select: ["total_ore"],
          filters: { period_id: `in.(${open.rows.map((period) => period.id).join(",")})` },
          range: { limit: IMPORTS_READ },
          count: "exact",
        },
        signal,
      );
      return imports.rows.reduce((sum, row) => sum + row.total_ore, 0);
    },
    meta: { errorMessage: "Could not load the royalty accrual" },
  });
}
