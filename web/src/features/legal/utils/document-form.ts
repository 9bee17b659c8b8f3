import type { LegalParty, LegalVariable, PartyValue, VariableValue } from "@app/contracts";
import type { LegalDocument, LegalTemplate } from "@/features/legal/api/legal-types";
import { rowToWriter, type WriterRow, writerToRow } from "@/features/legal/utils/writers-form";

/** A party as the form holds it: what staff write (the server adds the signing fields). */
type PartyRow = Pick<LegalParty, "name" | "email" | "role">;

/** The document form's state: every variable as typed text, a party variable as its fields. */
export type DocumentFormValues = {
  template_id: string;
  title: string;
  contact_id: string;
  text: Record<string, string>;
  party: Record<string, { name: string; email: string }>;
  parties: PartyRow[];
  /** A split sheet's writers (other templates have none). */
  writers: WriterRow[];
};

/** Split sheets carry their writers in the payload, beside the variables. */
export const isSplitSheet = (template: LegalTemplate | undefined) => template?.category === "Split Sheet";

export const emptyDocumentForm = (templateId = ""): DocumentFormValues => ({
  template_id: templateId,
  title: "",
  contact_id: "",
  text: {},
  party: {},
  parties: [],
  writers: [],
});

/** A contact-sourced party variable takes its value from the source contact, not from typing. */
export const fromContact = (variable: LegalVariable, contactId: string) =>
  variable.type === "party" && variable.source === "contact" && contactId !== "";

/** The saved document back in the form's terms, to edit a draft. */
export function documentToForm(document: LegalDocument): DocumentFormValues {
  const text: Record<string, string> = {};
  const party: Record<string, { name: string; email: string }> = {};
  for (const [key, value] of Object.entries(document.payload.variables ?? {})) {
    if (value !== null && typeof value === "object")
      party[key] = { name: value.name, email: value.email ?? "" };
    else if (value !== null) text[key] = String(value);
  }
  return {
    template_id: document.template_id,
    title: document.title,
    contact_id: document.payload.source_refs?.contact_id ?? "",
    text,
    party,
    parties: document.parties.map(({ name, email, role }) => ({ name, email, role })),
    writers: (document.payload.writers ?? []).map(writerToRow),
  };
}

function variableValue(variable: LegalVariable, values: DocumentFormValues): VariableValue {
  if (variable.type === "party") {
    // Left empty, the server fills it from the source contact (name, e-mail, IPI, society).
    if (fromContact(variable, values.contact_id)) return null;
    const typed = values.party[variable.key];
    if (!typed || typed.name.trim() === "") return null;
    const value: PartyValue = { name: typed.name.trim() };
    // A form fills a party's fields as they are typed: the e-mail may not be there yet.
    const email = typed.email?.trim();
    if (email) value.email = email;
    return value;
  }
  const typed = (values.text[variable.key] ?? "").trim();
  if (typed === "") return null;
  if (variable.type === "number" || variable.type === "percent") {
    const number = Number(typed.replace(",", ".").replace(/\s|%/g, ""));
    return Number.isFinite(number) ? number : typed;
  }
  return typed;
}

/** The row the data API stores: title, template, payload (variables and source) and parties. */
export function formToDocument(values: DocumentFormValues, template: LegalTemplate | undefined) {
  const variables: Record<string, VariableValue> = {};
  for (const variable of template?.variables ?? []) variables[variable.key] = variableValue(variable, values);
  return {
    title: values.title.trim(),
    template_id: values.template_id,
    payload: {
      variables,
      source_refs: { contact_id: values.contact_id || null },
      ...(isSplitSheet(template) ? { writers: values.writers.map(rowToWriter) } : {}),
    },
    parties: values.parties.map((party) => ({
      name: party.name.trim(),
      email: party.email.trim(),
      role: party.role,
    })),
  };
}
