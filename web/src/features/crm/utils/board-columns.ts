import { BRIEF_STATUSES, type BriefStatus, DEAL_STAGES, type DealStage } from "@app/contracts";

/** The deal board: the spec's four pipeline stages, then Lost. */
export const DEAL_STAGE_LABELS: Record<DealStage, string> = {
  prospect: "Prospect",
  negotiation: "Negotiation",
  contract: "Contract",
  won: "Won",
  lost: "Lost",
};
export const DEAL_COLUMNS = DEAL_STAGES.map((key) => ({ key, label: DEAL_STAGE_LABELS[key] }));

/** The spec's brief columns. */
export const BRIEF_STATUS_LABELS: Record<BriefStatus, string> = {
  draft: "Draft",
  sourcing: "Sourcing",
  in_session: "In Session",
  in_review: "In Review",
  shipped: "Shipped",
};
export const BRIEF_COLUMNS = BRIEF_STATUSES.map((key) => ({ key, label: BRIEF_STATUS_LABELS[key] }));
