import { z } from "zod";
import { staffOnly } from "./crm-companies.table";
import { column, defineTable } from "./define-table";

/** The spec's brief columns: Draft, Sourcing, In Session, In Review, Shipped. */
export const BRIEF_STATUSES = ["draft", "sourcing", "in_session", "in_review", "shipped"] as const;
export type BriefStatus = (typeof BRIEF_STATUSES)[number];

export const crmBriefsTable = defineTable({
  name: "crm_briefs",
  area: "crm",
  description: "creative briefs from clients, moved through the brief board (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    title: column.text(200),
    company_id: column.uuid().foreignKeyTo("crm_companies").orNull(),
    description: column.text(10_000).orNull(),
    budget_sek: column.integer().refine(z.number().int().min(0).max(1_000_000_000), 50_000).orNull(),
    due_on: column.date().orNull(),
    status: column.enum(BRIEF_STATUSES).withDefault(),
    position: column.integer().withDefault(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "position.asc",
  maxRows: 500,
  policy: staffOnly,
});

/** Which talent a brief is sourcing or has booked. */
export const crmBriefTalentTable = defineTable({
  name: "crm_brief_talent",
  area: "crm",
  description: "talent linked to a creative brief (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    brief_id: column.uuid().foreignKeyTo("crm_briefs"),
    contact_id: column.uuid().foreignKeyTo("crm_contacts"),
    created_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.asc",
  maxRows: 1000,
  policy: staffOnly,
});
