import {
  type LegalTemplateCategory,
  type LegalVariable,
  PARTY_FIELDS,
  type PartyField,
  PLACEHOLDER_PATTERN,
  WRITERS_PLACEHOLDER,
} from "@app/contracts";

/** One `{{…}}` of a template, read. */
export type Placeholder =
  | { kind: "variable"; key: string; field?: PartyField }
  | { kind: "clause"; slug: string }
  | { kind: "writers" }
  | { kind: "unreadable" };

function readPlaceholder(inner: string): Placeholder {
  const clause = /^clause:([a-z0-9_]+)$/.exec(inner);
  if (clause) return { kind: "clause", slug: clause[1] as string };
  if (inner === WRITERS_PLACEHOLDER) return { kind: "writers" };
  const variable = /^([a-z][a-z0-9_]*)(?:\.([a-z_]+))?$/.exec(inner);
  if (!variable) return { kind: "unreadable" };
  const field = variable[2];
  if (field !== undefined && !(PARTY_FIELDS as readonly string[]).includes(field))
    return { kind: "unreadable" };
  return { kind: "variable", key: variable[1] as string, ...(field && { field: field as PartyField }) };
}

/** Every placeholder of a text, with what it says. */
export function placeholdersOf(text: string): { raw: string; placeholder: Placeholder }[] {
  return [...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => ({
    raw: m[0],
    placeholder: readPlaceholder(m[1] ?? ""),
  }));
}

/**
 * What is wrong with a template, in words a person can act on: every placeholder must be a declared
 * variable (a party's fields only on a party variable), every clause must exist and hold no clause of its
 * own, and the writers table belongs to split sheets. Empty when the template can be saved.
 */
export function templateProblems(args: {
  body: string;
  variables: readonly LegalVariable[];
  category?: LegalTemplateCategory;
  clauses: ReadonlyMap<string, string>;
}): string[] {
  const problems = new Set<string>();
  const byKey = new Map(args.variables.map((v) => [v.key, v]));
  const check = (text: string, where: string) => {
    for (const { raw, placeholder } of placeholdersOf(text)) {
      switch (placeholder.kind) {
        case "unreadable":
          problems.add(`${raw}${where} is not a placeholder: use {{key}}, {{key.email}} or {{clause:slug}}`);
          break;
        case "writers":
          if (args.category && args.category !== "Split Sheet")
            problems.add(`${raw}${where} is only for Split Sheet templates`);
          break;
        case "clause": {
          if (where) {
            problems.add(`${raw}${where}: a clause cannot include another clause`);
            break;
          }
          const body = args.clauses.get(placeholder.slug);
          if (body === undefined) problems.add(`${raw} names no clause in the library`);
          else check(body, ` (in clause ${placeholder.slug})`);
          break;
        }
        case "variable": {
          const variable = byKey.get(placeholder.key);
          if (!variable) problems.add(`${raw}${where} is not a declared variable`);
          else if (placeholder.field && variable.type !== "party")
            problems.add(`${raw}${where}: only a party variable has .${placeholder.field}`);
          break;
        }
      }
    }
  };
  check(args.body, "");
  return [...problems];
}

/** The slugs of the clauses a body includes. */
export const clauseSlugsOf = (body: string) => [
  ...new Set(
    placeholdersOf(body).flatMap(({ placeholder }) =>
      placeholder.kind === "clause" ? [placeholder.slug] : [],
    ),
  ),
];

/**
 * A value as literal markdown text: every markdown punctuation mark backslash-escaped and line breaks
 * folded, so a value can neither format the document nor open a placeholder of its own.
 */
export const escapeMarkdown = (value: string) =>
  value.replace(/\s*[\r\n]+\s*/g, " ").replace(/[\\`*_{}[\]()#+\-.!|<>~=:&"']/g, (ch) => `\\${ch}`);

/** The body with every `{{clause:slug}}` replaced by the clause's text (an unknown slug stays as written). */
export const includeClauses = (body: string, clauses: ReadonlyMap<string, string>) =>
  body.replace(PLACEHOLDER_PATTERN, (raw, inner: string) => {
    const p = readPlaceholder(inner);
    return p.kind === "clause" ? (clauses.get(p.slug) ?? raw) : raw;
  });

/**
 * A body whose clauses are included, with every other placeholder replaced by what `replacementOf` answers
 * (already markdown: escape values with escapeMarkdown). One pass, so replaced text is never read again.
 */
export const replacePlaceholders = (
  text: string,
  replacementOf: (placeholder: Exclude<Placeholder, { kind: "clause" | "unreadable" }>) => string,
) =>
  text.replace(PLACEHOLDER_PATTERN, (raw, inner: string) => {
    const p = readPlaceholder(inner);
    return p.kind === "clause" || p.kind === "unreadable" ? escapeMarkdown(raw) : replacementOf(p);
  });
