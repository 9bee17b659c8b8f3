import type { Dashboard } from "@app/contracts";

/** The Pipeline Snapshot shows these four stages; lost deals are out of the pipeline. */
const PIPELINE_STAGES = ["prospect", "negotiation", "contract", "won"] as const;

/** The four pipeline stages in their order (each present, even empty) and their total value in kronor. */
export function summarizePipeline(byStage: Dashboard["pipeline"]) {
  const stages = PIPELINE_STAGES.map(
    (stage) => byStage.find((row) => row.stage === stage) ?? { stage, count: 0, value_sek: 0 },
  );
  return { stages, totalValueSek: stages.reduce((sum, row) => sum + row.value_sek, 0) };
}
