import type { LegalTemplateCategory, LegalVariable, LegalVariableType } from "@app/contracts";
import type { LegalTemplate } from "@/features/legal/api/legal-types";

export type VariableRow = {
  key: string;
  label: string;
  required: boolean;
  type: LegalVariableType;
  fromContact: boolean;
};

export type TemplateFormValues = {
  title: string;
  description: string;
  category: LegalTemplateCategory;
  is_shared: boolean;
  body_md: string;
  variables: VariableRow[];
};

export const VARIABLE_TYPE_LABELS: Record<LegalVariableType, string> = {
  text: "Text",
  date: "Date",
  number: "Number",
  percent: "Percent",
  party: "Party",
};

export const emptyVariable = (): VariableRow => ({
  key: "",
  label: "",
  required: true,
  type: "text",
  fromContact: false,
});

export function toTemplateFormValues(template?: LegalTemplate | null): TemplateFormValues {
  return {
    title: template?.title ?? "",
    description: template?.description ?? "",
    category: template?.category ?? "Custom",
    is_shared: template?.is_shared ?? false,
    body_md: template?.body_md ?? "",
    variables: (template?.variables ?? []).map((v) => ({
      key: v.key,
      label: v.label,
      required: v.required,
      type: v.type,
      fromContact: v.source === "contact",
    })),
  };
}

/** Contact sourcing fits a party (every field) or a text variable (the contact's name). */
export const canComeFromContact = (type: LegalVariableType) => type === "party" || type === "text";

export function toVariables(rows: VariableRow[]): LegalVariable[] {
  return rows.map((row) => ({
    key: row.key.trim(),
    label: row.label.trim(),
    required: row.required,
    type: row.type,
    source: row.fromContact && canComeFromContact(row.type) ? "contact" : null,
  }));
}

export function toTemplatePayload(values: TemplateFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category,
    is_shared: values.is_shared,
    body_md: values.body_md,
    variables: toVariables(values.variables),
  };
}
