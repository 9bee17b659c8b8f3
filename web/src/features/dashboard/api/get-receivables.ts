import { stockholmDay } from "@app/contracts/stockholm-time";
import { useQuery } from "@tanstack/react-query";
import { summarizeReceivables } from "@/features/dashboard/utils/summarize-receivables";
import { invoicesQueryKey } from "@/lib/query-keys";
import { type ColumnOf, type Filters, readTable } from "@/lib/read-table";

/** The invoice tables' most rows per read; the card reads page after page until it has every row. */
const PAGE = 200;

async function readAll<T extends "invoices" | "invoice_payments", S extends ColumnOf<T>>(
  table: T,
  select: readonly S[],
  filters: Filters<T>,
  signal: AbortSignal,
) {
  const rows = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await readTable(table, { select, filters, range: { limit: PAGE, offset } }, signal);
    rows.push(...page.rows);
    if (page.rows.length < PAGE) return rows;
  }
}

/** Issued invoices still owed on (the overdue ones among them) and the payments of this Stockholm month. */
export function useReceivables(now: number = Date.now()) {
  const monthStart = `${stockholmDay(now).slice(0, 8)}01`;
  return useQuery({
    queryKey: [...invoicesQueryKey, "receivables", monthStart],
    queryFn: async ({ signal }) => {
      const [open, payments] = await Promise.all([
        readAll(
          "invoices",
          ["total_ore", "paid_ore", "status"],
          { kind: "eq.invoice", status: "in.(issued,partially_paid,overdue)" },
          signal,
        ),
        readAll("invoice_payments", ["amount_ore"], { paid_on: `gte.${monthStart}` }, signal),
      ]);
      return summarizeReceivables(open, payments);
    },
    meta: { errorMessage: "Could not load the receivables" },
  });
}
