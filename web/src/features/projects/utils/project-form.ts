import { tables } from "@app/contracts";
import type { Project } from "@/features/projects/api/list-projects";
import { nullIfBlank, textOf } from "@/lib/form-values";
import { kronorTextOf, oreOrNull } from "@/lib/money";
import { requireText } from "@/lib/require-text";

export type ProjectFormValues = {
  title: string;
  kind: string;
  status: string;
  company_id: string;
  contact_id: string;
  start_date: string;
  due_date: string;
  /** Kronor as typed; stored in öre. */
  budget: string;
  fee_model: string;
  default_vat_rate: string;
  legal_document_id: string;
  notes: string;
};

export function toProjectFormValues(project?: Project | null): ProjectFormValues {
  return {
    title: textOf(project?.title),
    kind: project?.kind ?? "production",
    status: project?.status ?? "lead",
    company_id: textOf(project?.company_id),
    contact_id: textOf(project?.contact_id),
    start_date: textOf(project?.start_date),
    due_date: textOf(project?.due_date),
    budget: kronorTextOf(project?.budget_ore ?? 0),
    fee_model: project?.fee_model ?? "fixed",
    default_vat_rate: String(project?.default_vat_rate ?? 25),
    legal_document_id: textOf(project?.legal_document_id),
    notes: textOf(project?.notes),
  };
}

export function toProjectPayload(values: ProjectFormValues): Record<string, unknown> {
  return {
    title: values.title.trim(),
    kind: values.kind,
    status: values.status,
    company_id: nullIfBlank(values.company_id),
    contact_id: nullIfBlank(values.contact_id),
    start_date: nullIfBlank(values.start_date),
    due_date: nullIfBlank(values.due_date),
    budget_ore: oreOrNull(values.budget) ?? 0,
    fee_model: values.fee_model,
    default_vat_rate: Number(values.default_vat_rate),
    legal_document_id: nullIfBlank(values.legal_document_id),
    notes: nullIfBlank(values.notes),
  };
}

/** The form's own message for a due date before the start: the server holds the same rule. */
const dueAfterStart = (value: { start_date?: string | null; due_date?: string | null }) =>
  !value.start_date || !value.due_date || value.due_date >= value.start_date;
const DUE_MESSAGE = { message: "The due date cannot be before the start", path: ["due_date"] };

export const projectInsertSchema = requireText(tables.projects.insert, ["title"]).refine(
  dueAfterStart,
  DUE_MESSAGE,
);
export const projectUpdateSchema = requireText(tables.projects.update, ["title"]).refine(
  dueAfterStart,
  DUE_MESSAGE,
);
