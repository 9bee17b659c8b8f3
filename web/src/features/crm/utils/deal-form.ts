import { tables } from "@app/contracts";
import type { Deal } from "@/features/crm/api/crm-types";
import { kronorOrNull, nullIfBlank, textOf } from "@/lib/form-values";
import { requireText } from "@/lib/require-text";

export type DealFormValues = {
  title: string;
  company_id: string;
  contact_id: string;
  stage: string;
  value_sek: string;
  expected_close_on: string;
};

export function toDealFormValues(deal?: Deal | null, defaults: { company_id?: string } = {}): DealFormValues {
  return {
    title: textOf(deal?.title),
    company_id: textOf(deal?.company_id ?? defaults.company_id),
    contact_id: textOf(deal?.contact_id),
    stage: deal?.stage ?? "prospect",
    value_sek: textOf(deal?.value_sek),
    expected_close_on: textOf(deal?.expected_close_on),
  };
}

export function toDealPayload(values: DealFormValues): Record<string, unknown> {
  return {
    title: values.title.trim(),
    company_id: nullIfBlank(values.company_id),
    contact_id: nullIfBlank(values.contact_id),
    stage: values.stage,
    // Whole kronor; a deal with no figure yet is worth 0.
    value_sek: kronorOrNull(values.value_sek) ?? 0,
    expected_close_on: nullIfBlank(values.expected_close_on),
  };
}

export const dealInsertSchema = requireText(tables.crm_deals.insert, ["title"]);
export const dealUpdateSchema = requireText(tables.crm_deals.update, ["title"]);
