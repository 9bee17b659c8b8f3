import type {
  LegalPayload,
  LegalTemplateCategory,
  LegalVariable,
  PartyField,
  PartyValue,
  SplitWriter,
  VariableValue,
} from "@app/contracts";
import {
  escapeMarkdown,
  includeClauses,
  type Placeholder,
  placeholdersOf,
  replacePlaceholders,
} from "./placeholders";
import { writersTable } from "./split-sheet";

export interface TemplateParts {
  body_md: string;
  variables: LegalVariable[];
  category: LegalTemplateCategory;
}

const isEmpty = (value: VariableValue | undefined) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (typeof value === "object" && value.name.trim() === "");

/** The labels of required variables the payload leaves empty. */
export const missingRequired = (variables: readonly LegalVariable[], payload: LegalPayload) =>
  variables.filter((v) => v.required && isEmpty(payload.variables?.[v.key])).map((v) => v.label);

function formatValue(variable: LegalVariable, value: VariableValue, field?: PartyField): string {
  if (typeof value === "object" && value !== null) return (field ? value[field] : value.name) ?? "";
  if (typeof value === "number") return variable.type === "percent" ? `${value} %` : String(value);
  if (variable.type === "percent" && value !== null && /^\d+([.,]\d+)?$/.test(value)) return `${value} %`;
  return field && field !== "name" ? "" : String(value ?? "");
}

const SAMPLE_PARTY: PartyValue = {
  name: "Alva Lindqvist",
  email: "alva@example.se",
  ipi: "00014107338",
  society: "STIM",
};

/** What a preview shows for a variable: a plausible value of its type. */
function sampleValue(variable: LegalVariable): VariableValue {
  switch (variable.type) {
    case "date":
      return "2026-01-15";
    case "number":
      return 10_000;
    case "percent":
      return 50;
    case "party":
      return SAMPLE_PARTY;
    case "text":
      return variable.label;
  }
}

const SAMPLE_WRITERS: SplitWriter[] = [
  {
    legal_name: "Alva Lindqvist",
    credited_name: "Nightjar",
    email: "alva@example.se",
    contribution: ["lyrics", "music"],
    share_percent: 50,
    society: "STIM",
    ipi: "00014107338",
    publisher: "Söder Songs Publishing",
    publisher_ipi: null,
  },
  {
    legal_name: "Elias Berg",
    credited_name: null,
    email: "elias@example.se",
    contribution: ["production"],
    share_percent: 50,
    society: "STIM",
    ipi: null,
    publisher: null,
    publisher_ipi: null,
  },
];

/** What a variable placeholder prints: the formatted value, or "" when the payload leaves it empty. */
function textOf(variable: LegalVariable, payload: LegalPayload, field?: PartyField) {
  const value = payload.variables?.[variable.key];
  return isEmpty(value) ? "" : formatValue(variable, value as VariableValue, field);
}

/**
 * A placeholder with nothing to print and nothing to ask for: an optional variable left empty, or a
 * party's IPI, e-mail or society it does not have (a required value left empty is asked for: sending
 * refuses it).
 */
function hasNothingToPrint(
  p: Placeholder,
  byKey: ReadonlyMap<string, LegalVariable>,
  payload: LegalPayload,
): boolean {
  if (p.kind !== "variable") return false;
  const variable = byKey.get(p.key);
  if (!variable || textOf(variable, payload, p.field) !== "") return false;
  return !variable.required || (p.field !== undefined && p.field !== "name");
}

/** A line whose every value has nothing to print ("Alternate titles: …" left empty) is left out. */
function isEmptyLine(line: string, byKey: ReadonlyMap<string, LegalVariable>, payload: LegalPayload) {
  const values = placeholdersOf(line).filter(({ placeholder }) => placeholder.kind === "variable");
  return (
    values.length > 0 && values.every(({ placeholder }) => hasNothingToPrint(placeholder, byKey, payload))
  );
}

/** What an empty value prints in a line that stays for its other values. */
const NOTHING = "–";

/**
 * The document's markdown: the template with its clauses included, the lines whose values are all
 * empty and optional left out, and every other placeholder replaced by the payload's escaped value (an
 * empty optional one beside filled ones as a dash). A required value left empty shows as its label in
 * brackets (a draft; sending refuses it).
 */
export function composeMarkdown(
  template: TemplateParts,
  clauses: ReadonlyMap<string, string>,
  payload: LegalPayload,
): string {
  const byKey = new Map(template.variables.map((v) => [v.key, v]));
  const kept = includeClauses(template.body_md, clauses)
    .split("\n")
    .filter((line) => !isEmptyLine(line, byKey, payload))
    .join("\n");
  return replacePlaceholders(kept, (p) => {
    if (p.kind === "writers") return writersTable(payload.writers ?? []);
    const variable = byKey.get(p.key);
    if (!variable) return escapeMarkdown(`[${p.key}]`);
    const text = textOf(variable, payload, p.field);
    if (text) return escapeMarkdown(text);
    if (hasNothingToPrint(p, byKey, payload)) return NOTHING;
    return escapeMarkdown(`[${variable.label}${p.field ? ` ${p.field}` : ""}]`);
  });
}

/** A template rendered with sample values, for its preview. */
export function sampleMarkdown(template: TemplateParts, clauses: ReadonlyMap<string, string>) {
  const variables = Object.fromEntries(template.variables.map((v) => [v.key, sampleValue(v)]));
  return composeMarkdown(template, clauses, { variables, writers: SAMPLE_WRITERS });
}
