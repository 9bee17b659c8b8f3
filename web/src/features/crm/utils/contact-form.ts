import { tables } from "@app/contracts";
import type { Contact } from "@/features/crm/api/crm-types";
import type { ContactKind } from "@/features/crm/api/list-contacts";
import { nullIfBlank, numberOrNull, textOf } from "@/lib/form-values";
import { requireText } from "@/lib/require-text";

type StrengthEntry = { skill: string; score: string };

/** A contact as its form holds it: text for every field, lists for roles, genres and languages. */
export type ContactFormValues = {
  first_name: string;
  last_name: string;
  stage_name: string;
  email: string;
  phone: string;
  location: string;
  company_id: string;
  roles: string[];
  genres: string[];
  languages: string[];
  reliability_score: string;
  strengths: StrengthEntry[];
  pro_society: string;
  ipi: string;
  notes: string;
};

export function toContactFormValues(
  contact?: Contact | null,
  defaults: { company_id?: string } = {},
): ContactFormValues {
  return {
    first_name: textOf(contact?.first_name),
    last_name: textOf(contact?.last_name),
    stage_name: textOf(contact?.stage_name),
    email: textOf(contact?.email),
    phone: textOf(contact?.phone),
    location: textOf(contact?.location),
    company_id: textOf(contact?.company_id ?? defaults.company_id),
    roles: contact?.roles ?? [],
    genres: contact?.genres ?? [],
    languages: contact?.languages ?? [],
    reliability_score: textOf(contact?.reliability_score),
    strengths: Object.entries(contact?.strengths ?? {}).map(([skill, score]) => ({
      skill,
      score: String(score),
    })),
    pro_society: textOf(contact?.pro_society),
    ipi: textOf(contact?.ipi),
    notes: textOf(contact?.notes),
  };
}

/**
 * The form's values as the API takes them (the table's columns), before the schema checks them.
 * Industry people have no stage name, genres, languages, scores or IPI: their form leaves those alone.
 */
export function toContactPayload(values: ContactFormValues, kind: ContactKind): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: nullIfBlank(values.email),
    phone: nullIfBlank(values.phone),
    location: nullIfBlank(values.location),
    company_id: nullIfBlank(values.company_id),
    roles: values.roles,
    notes: nullIfBlank(values.notes),
  };
  if (kind === "industry") return payload;
  return {
    ...payload,
    stage_name: nullIfBlank(values.stage_name),
    genres: values.genres,
    languages: values.languages,
    reliability_score: numberOrNull(values.reliability_score),
    strengths: Object.fromEntries(
      values.strengths
        .filter((entry) => entry.skill.trim() !== "")
        .map((entry) => [entry.skill.trim(), numberOrNull(entry.score)]),
    ),
    pro_society: nullIfBlank(values.pro_society),
    // IPI numbers are often written in groups ("00014 107 338"); the API keeps the 11 digits.
    ipi: nullIfBlank(values.ipi.replace(/[\s-]/g, "")),
  };
}

const NAME_FIELDS = ["first_name", "last_name"];
export const contactInsertSchema = requireText(tables.crm_contacts.insert, NAME_FIELDS);
export const contactUpdateSchema = requireText(tables.crm_contacts.update, NAME_FIELDS);
