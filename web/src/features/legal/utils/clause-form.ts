import { tables } from "@app/contracts";
import type { LegalClause } from "@/features/legal/api/legal-types";
import { textOf } from "@/lib/form-values";
import { requireText } from "@/lib/require-text";

export type ClauseFormValues = { title: string; slug: string; body_md: string; tags: string[] };

export function toClauseFormValues(clause?: LegalClause | null): ClauseFormValues {
  return {
    title: textOf(clause?.title),
    slug: textOf(clause?.slug),
    body_md: textOf(clause?.body_md),
    tags: clause?.tags ?? [],
  };
}

export function toClausePayload(values: ClauseFormValues): Record<string, unknown> {
  return { title: values.title.trim(), slug: values.slug.trim(), body_md: values.body_md, tags: values.tags };
}

export const clauseInsertSchema = requireText(tables.legal_clauses.insert, ["title", "slug", "body_md"]);
export const clauseUpdateSchema = requireText(tables.legal_clauses.update, ["title", "slug", "body_md"]);
