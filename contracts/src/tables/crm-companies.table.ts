import { z } from "zod";
import { isValidSwedishOrgNumber } from "../identifiers";
import { column, defineTable, type Policy } from "./define-table";

/** The CRM belongs to staff: they and admins read and write it; nobody else sees it. */
export const staffOnly: Policy = {
  select: ["staff", "admin"],
  insert: ["staff", "admin"],
  update: ["staff", "admin"],
  delete: ["staff", "admin"],
};

export const COMPANY_KINDS = ["label", "publisher", "venue", "brand", "studio", "other"] as const;

export const orgNumberSchema = z
  .string()
  .regex(/^\d{6}-\d{4}$/, "An organisation number is written NNNNNN-NNNN")
  .refine(isValidSwedishOrgNumber, "This organisation number's check digit does not match");

export const crmCompaniesTable = defineTable({
  name: "crm_companies",
  area: "crm",
  description: "labels, publishers, venues, brands and studios the business works with (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    name: column.text(200).searchable(),
    org_number: column.text(11).refine(orgNumberSchema, "556016-0680").orNull(),
    kind: column.enum(COMPANY_KINDS).withDefault(),
    /** The company's site, opened from its page: a web page only (its people's e-mail is on their contacts). */
    website: column.webAddress("https://example.se/").orNull(),
    city: column.text(100).orNull(),
    notes: column.text(10_000).searchable().orNull(),
    archived_at: column.timestamp().orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "name.asc",
  maxRows: 200,
  policy: staffOnly,
});
