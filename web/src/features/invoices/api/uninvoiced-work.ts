import type { UninvoicedWork } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";
import { invoicesQueryKey } from "@/lib/query-keys";

export type UninvoicedProject = {
  id: string;
  code: string;
  title: string;
  items: UninvoicedWork[];
  /** What the priced items come to; the deliverables, priced on the draft, add nothing here. */
  total_ore: number;
  unpriced: number;
};

/** The report's rows gathered per project, in the order the server answers them. */
function groupByProject(rows: UninvoicedWork[]): UninvoicedProject[] {
  const projects = new Map<string, UninvoicedProject>();
  for (const row of rows) {
    const project = projects.get(row.project_id) ?? {
      id: row.project_id,
      code: row.project_code,
      title: row.project_title,
      items: [],
      total_ore: 0,
      unpriced: 0,
    };
    project.items.push(row);
    if (row.amount_ore === null) project.unpriced++;
    else project.total_ore += row.amount_ore;
    projects.set(row.project_id, project);
  }
  return [...projects.values()];
}

/**
 * Approved but not invoiced: every reached milestone and approved deliverable no invoice bills yet, per
 * project. Under the invoices' key, so a draft made from a project (or any invoice write) refreshes it.
 */
export function useUninvoicedWork() {
  return useQuery({
    queryKey: [...invoicesQueryKey, "uninvoiced"],
    queryFn: async () =>
      groupByProject(
        expectSuccess(await tsr.money.approvedNotInvoiced.mutate({ body: {} })).body as UninvoicedWork[],
      ),
    meta: { errorMessage: "Could not load the work waiting to be invoiced" },
  });
}
