import { tables } from "@app/contracts";
import type { Brief } from "@/features/crm/api/crm-types";
import { kronorOrNull, nullIfBlank, textOf } from "@/lib/form-values";
import { requireText } from "@/lib/require-text";

export type BriefFormValues = {
  title: string;
  company_id: string;
  description: string;
  budget_sek: string;
  due_on: string;
  status: string;
};

export function toBriefFormValues(brief?: Brief | null): BriefFormValues {
  return {
    title: textOf(brief?.title),
    company_id: textOf(brief?.company_id),
    description: textOf(brief?.description),
    budget_sek: textOf(brief?.budget_sek),
    due_on: textOf(brief?.due_on),
    status: brief?.status ?? "draft",
  };
}

export function toBriefPayload(values: BriefFormValues): Record<string, unknown> {
  return {
    title: values.title.trim(),
    company_id: nullIfBlank(values.company_id),
    description: nullIfBlank(values.description),
    budget_sek: kronorOrNull(values.budget_sek),
    due_on: nullIfBlank(values.due_on),
    status: values.status,
  };
}

export const briefInsertSchema = requireText(tables.crm_briefs.insert, ["title"]);
export const briefUpdateSchema = requireText(tables.crm_briefs.update, ["title"]);
