import { useQuery } from "@tanstack/react-query";
import { royaltiesQueryKey } from "@/lib/query-keys";
import { readTable } from "@/lib/read-table";

/** Imports read per request: far more than a period has, so one request as a rule. */
const IMPORTS_PAGE = 500;

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
      let total = 0;
      // Page on until a short page: a figure that silently left imports out would be wrong money.
      for (let offset = 0; ; offset += IMPORTS_PAGE) {
        const imports = await readTable(
          "royalty_imports",
          {
            select: ["total_ore"],
            filters: { period_id: `in.(${open.rows.map((period) => period.id).join(",")})` },
            order: ["id.asc"],
            range: { limit: IMPORTS_PAGE, offset },
          },
          signal,
        );
        total += imports.rows.reduce((sum, row) => sum + row.total_ore, 0);
        if (imports.rows.length < IMPORTS_PAGE) return total;
      }
    },
    meta: { errorMessage: "Could not load the royalty accrual" },
  });
}
