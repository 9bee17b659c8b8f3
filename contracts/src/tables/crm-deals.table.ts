import { z } from "zod";
import { staffOnly } from "./crm-companies.table";
import { column, defineTable } from "./define-table";

/** The spec's pipeline stages, then Lost. */
export const DEAL_STAGES = ["prospect", "negotiation", "contract", "won", "lost"] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

export const crmDealsTable = defineTable({
  name: "crm_deals",
  area: "crm",
  description: "the deal pipeline: a board of stages, each move recorded in the timeline (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    title: column.text(200),
    company_id: column.uuid().foreignKeyTo("crm_companies").orNull(),
    contact_id: column.uuid().foreignKeyTo("crm_contacts").orNull(),
    stage: column.enum(DEAL_STAGES).withDefault(),
    /** Whole kronor. */
    value_sek: column.integer().refine(z.number().int().min(0).max(1_000_000_000), 25_000).withDefault(),
    expected_close_on: column.date().orNull(),
    owner_id: column.uuid().orNull(),
    /** Order within its stage's column. */
    position: column.integer().withDefault(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "position.asc",
  maxRows: 500,
  policy: staffOnly,
});
