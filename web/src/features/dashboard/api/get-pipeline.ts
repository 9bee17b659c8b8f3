import { useQuery } from "@tanstack/react-query";
import { type PipelineRow, summarizePipeline } from "@/features/dashboard/utils/summarize-pipeline";
import { tsr } from "@/lib/api-client";
import { expectSuccess, readRows } from "@/lib/postgrest";
import { crmQueryKey } from "@/lib/query-keys";

/** The deal table's most rows per read: every deal in one call. */
const DEAL_LIMIT = 500;
const query = { select: "stage,value_sek", limit: String(DEAL_LIMIT) };

/** Under the CRM's key, so moving or editing a deal refreshes the dashboard too. */
const pipelineQueryKey = [...crmQueryKey, "crm_deals", "pipeline"] as const;

/** Deals by stage: the Pipeline Snapshot (count and SEK per stage) and the Pipeline Value. */
export function usePipeline() {
  return useQuery({
    queryKey: pipelineQueryKey,
    queryFn: async ({ signal }) => {
      const response = await tsr.tables.crm_deals.list.query({
        query,
        headers: {},
        fetchOptions: { signal },
      });
      return summarizePipeline(readRows<PipelineRow>(expectSuccess(response)).rows);
    },
    meta: { errorMessage: "Failed to load the pipeline" },
  });
}
