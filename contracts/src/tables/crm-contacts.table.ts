import { z } from "zod";
import { isValidIpiNameNumber } from "../royalties/identifiers";
import { column, defineTable } from "./define-table";

const score = z.number().min(0).max(10);

export const CONTACT_KINDS = ["talent", "industry"] as const;

/** An IPI name number: 11 digits with its mod-101 check, stored without spaces. */
export const ipiSchema = z
  .string()
  .regex(/^\d{11}$/, "An IPI name number has 11 digits")
  .refine(isValidIpiNameNumber, "This IPI name number's check digits do not match");

/** The spec's talent fetch limit; larger limits are capped to it. */
export const TALENT_PAGE_LIMIT = 50;

export const crmContactsTable = defineTable({
  name: "crm_contacts",
  area: "crm",
  description: "the talent CRM: artists, writers and producers (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    first_name: column.text(100).searchable(),
    last_name: column.text(100).searchable(),
    stage_name: column.text(100).searchable().orNull(),
    roles: column.textList().withDefault(),
    genres: column.textList().withDefault(),
    languages: column.textList().withDefault(),
    location: column.text(200).orNull(),
    email: column.email().orNull(),
    reliability_score: column.number().refine(score).orNull(),
    strengths: column.json(z.record(z.string().max(100), score)).withDefault(),
    notes: column.text(10_000).searchable().orNull(),
    kind: column.enum(CONTACT_KINDS).withDefault(),
    company_id: column.uuid().foreignKeyTo("crm_companies").orNull(),
    phone: column.text(40).orNull(),
    pro_society: column.text(40).orNull(),
    ipi: column.text(11).refine(ipiSchema, "00014107338").orNull(),
    /** Set to archive, cleared to restore; archived contacts leave the default lists. */
    archived_at: column.timestamp().orNull(),
    /** The newest timeline row about the contact: the nurture queue reads it. */
    last_activity_at: column.timestamp().orNull().generated(),
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
