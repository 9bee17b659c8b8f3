import { COMPANY_KINDS, tables } from "@app/contracts";
import type { Company } from "@/features/crm/api/crm-types";
import { nullIfBlank, textOf } from "@/lib/form-values";
import { requireText } from "@/lib/require-text";

export type CompanyKind = (typeof COMPANY_KINDS)[number];

export const COMPANY_KIND_LABELS: Record<CompanyKind, string> = {
  label: "Label",
  publisher: "Publisher",
  venue: "Venue",
  brand: "Brand",
  studio: "Studio",
  other: "Other",
};
export const COMPANY_KIND_OPTIONS = COMPANY_KINDS.map((kind) => ({
  value: kind,
  label: COMPANY_KIND_LABELS[kind],
}));

export type CompanyFormValues = {
  name: string;
  kind: string;
  org_number: string;
  website: string;
  city: string;
  notes: string;
};

export function toCompanyFormValues(company?: Company | null): CompanyFormValues {
  return {
    name: textOf(company?.name),
    kind: company?.kind ?? "label",
    org_number: textOf(company?.org_number),
    website: textOf(company?.website),
    city: textOf(company?.city),
    notes: textOf(company?.notes),
  };
}

export function toCompanyPayload(values: CompanyFormValues): Record<string, unknown> {
  return {
    name: values.name.trim(),
    kind: values.kind,
    org_number: nullIfBlank(values.org_number),
    website: nullIfBlank(values.website),
    city: nullIfBlank(values.city),
    notes: nullIfBlank(values.notes),
  };
}

export const companyInsertSchema = requireText(tables.crm_companies.insert, ["name"]);
export const companyUpdateSchema = requireText(tables.crm_companies.update, ["name"]);
