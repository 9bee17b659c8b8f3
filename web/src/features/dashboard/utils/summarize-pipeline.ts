import type { DealStage } from "@app/contracts";

/** The Pipeline Snapshot shows these four stages; lost deals are out of the pipeline. */
const PIPELINE_STAGES = [
  "prospect",
  "negotiation",
  "contract",
  "won",
] as const satisfies readonly DealStage[];
type PipelineStage = (typeof PIPELINE_STAGES)[number];

export type PipelineRow = { stage: DealStage; value_sek: number };
type PipelineSnapshotRow = { stage: PipelineStage; count: number; value_sek: number };

/** Count and SEK value per pipeline stage (every stage present, even empty) and their total value. */
export function summarizePipeline(deals: readonly PipelineRow[]) {
  const stages: PipelineSnapshotRow[] = PIPELINE_STAGES.map((stage) => {
    const inStage = deals.filter((deal) => deal.stage === stage);
    return {
      stage,
      count: inStage.length,
      value_sek: inStage.reduce((sum, deal) => sum + deal.value_sek, 0),
    };
  });
  return { stages, totalValueSek: stages.reduce((sum, row) => sum + row.value_sek, 0) };
}
