import { z } from "zod";
import { column, defineTable } from "./define-table";

const score = z.number().min(0).max(10);

/** The spec's talent fetch limit; larger limits are capped to it. */
export const TALENT_PAGE_LIMIT = 50;

export const crmContactsTable = defineTable({
  name: "crm_contacts",
  description: "the talent CRM: artists, writers and producers (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    first_name: column.text(100),
    last_name: column.text(100),
    stage_name: column.text(100).orNull(),
    roles: column.textList().withDefault(),
    genres: column.textList().withDefault(),
    languages: column.textList().withDefault(),
    location: column.text(200).orNull(),
    email: column.text(254).orNull(),
    reliability_score: column.number().refine(score).orNull(),
    strengths: column.json(z.record(z.string().max(100), score)).withDefault(),
    notes: column.text(10_000).orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "last_name.asc",
  maxRows: TALENT_PAGE_LIMIT,
  policy: {
    select: ["staff", "admin"],
    insert: ["staff", "admin"],
    update: ["staff", "admin"],
    delete: ["staff", "admin"],
  },
});
