import { z } from "zod";
import { staffOnly } from "./crm-companies.table";
import { column, defineTable } from "./define-table";

export const LEGAL_TEMPLATE_CATEGORIES = [
  "NDA",
  "Producer Agreement",
  "Split Sheet",
  "License",
  "Custom",
] as const;
export type LegalTemplateCategory = (typeof LEGAL_TEMPLATE_CATEGORIES)[number];

export const LEGAL_VARIABLE_TYPES = ["text", "date", "number", "percent", "party"] as const;
export type LegalVariableType = (typeof LEGAL_VARIABLE_TYPES)[number];

/** Where a variable's value can be taken from instead of being typed: a CRM contact. */
export const LEGAL_VARIABLE_SOURCES = ["contact"] as const;

/** The fields of a `party` variable; `{{key}}` is its name, `{{key.email}}` and so on the rest. */
export const PARTY_FIELDS = ["name", "email", "ipi", "society"] as const;
export type PartyField = (typeof PARTY_FIELDS)[number];

export const VARIABLE_KEY_PATTERN = /^[a-z][a-z0-9_]{0,49}$/;

export const legalVariableSchema = z
  .object({
    key: z.string().regex(VARIABLE_KEY_PATTERN, "A variable key is snake_case, at most 50 characters"),
    label: z.string().trim().min(1, "A variable needs a label").max(100),
    required: z.boolean(),
    type: z.enum(LEGAL_VARIABLE_TYPES),
    source: z.enum(LEGAL_VARIABLE_SOURCES).nullable().optional(),
  })
  .strict();
export type LegalVariable = z.infer<typeof legalVariableSchema>;

export const legalVariablesSchema = z
  .array(legalVariableSchema)
  .max(50)
  .refine((vars) => new Set(vars.map((v) => v.key)).size === vars.length, "Variable keys must be unique");

/**
 * Placeholders in a template's body: `{{key}}` (a party's name for a party variable), `{{key.field}}`
 * for a party's other fields, `{{clause:slug}}` to include a clause, and `{{writers}}`, the writers
 * table of a split sheet.
 */
export const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;
export const WRITERS_PLACEHOLDER = "writers";

/** A contract's skeleton: markdown with placeholders, and the variables it declares. */
export const legalTemplatesTable = defineTable({
  name: "legal_templates",
  area: "legal",
  description: "contract templates: markdown with {{variables}} and {{clause:slug}} inclusions (staff only)",
  columns: {
    id: column.uuid().withDefault(),
    title: column.text(200),
    description: column.text(2000).withDefault(),
    category: column.enum(LEGAL_TEMPLATE_CATEGORIES),
    variables: column.json(legalVariablesSchema, []).withDefault(),
    body_md: column.text(50_000),
    is_shared: column.boolean().withDefault(),
    owner_id: column.uuid().orNull().generated(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "title.asc",
  maxRows: 200,
  policy: staffOnly,
});
