import { useMutation } from "@tanstack/react-query";
import { CRM_WRITE_INVALIDATES } from "@/features/crm/api/crm-keys";
import type { CrmTables } from "@/features/crm/api/crm-types";
import { type Filters, readTable } from "@/lib/read-table";
import { insertRow } from "@/lib/table-writes";

type BoardTable = "crm_deals" | "crm_briefs";
const COLUMN_FIELD = { crm_deals: "stage", crm_briefs: "status" } as const;
const FIRST_COLUMN = { crm_deals: "prospect", crm_briefs: "draft" } as const;

/**
 * A new deal or brief goes to the end of its column: its position is one past the column's last, read
 * from the server (the dialog may open where the board is not loaded, e.g. a company's page).
 */
export function useCreateCard<N extends BoardTable>(
  table: N,
  messages: { successMessage: string; errorMessage: string },
) {
  return useMutation({
    mutationFn: async (values: CrmTables[N]["insert"]) => {
      const field = COLUMN_FIELD[table];
      const column = (values as Record<string, unknown>)[field] ?? FIRST_COLUMN[table];
      const filters = { [field]: `eq.${column}` } as Filters<N>;
      const { rows } = await readTable<BoardTable, "position">(table, {
        select: ["position"],
        filters,
        order: ["position.desc"],
        range: { limit: 1 },
      });
      return insertRow(table, { ...values, position: (rows[0]?.position ?? -1) + 1 });
    },
    meta: { ...messages, invalidates: CRM_WRITE_INVALIDATES },
  });
}
