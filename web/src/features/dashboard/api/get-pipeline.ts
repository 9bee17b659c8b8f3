import { useQuery } from "@tanstack/react-query";
import { summarizePipeline } from "@/features/dashboard/utils/summarize-pipeline";
import { crmQueryKey } from "@/lib/query-keys";
import { readTable } from "@/lib/read-table";

/** The deal table's most rows per read: every deal in one call. */
const DEAL_LIMIT = 500;

/** Under the CRM's key, so moving or editing a deal refreshes the dashboard too. */
const pipelineQueryKey = [...crmQueryKey, "crm_deals", "pipeline"] as const;

/** Deals by stage: the Pipeline Snapshot (count and SEK per stage) and the Pipeline Value. */
export function usePipeline() {
  return useQuery({
    queryKey: pipelineQueryKey,
    queryFn: async ({ signal }) => {
      const { rows } = await readTable(
        "crm_deals",
        { select: ["stage", "value_sek"], range: { limit: DEAL_LIMIT } },
        signal,
      );
      return summarizePipeline(rows);
    },
    meta: { errorMessage: "Failed to load the pipeline" },
  });
}
