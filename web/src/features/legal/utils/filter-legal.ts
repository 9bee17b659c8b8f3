import type { LegalDocumentStatus, LegalTemplateCategory } from "@app/contracts";
import type { LegalClause, LegalDocument, LegalTemplate } from "@/features/legal/api/legal-types";

export const ALL = "All";

const normalize = (text: string) => text.trim().toLowerCase();

/** Case-insensitive on the title, the slug or any tag. */
export function searchClauses<T extends Pick<LegalClause, "title" | "slug" | "tags">>(
  clauses: readonly T[],
  search: string,
): T[] {
  const needle = normalize(search);
  if (!needle) return [...clauses];
  return clauses.filter(
    (clause) =>
      clause.title.toLowerCase().includes(needle) ||
      clause.slug.toLowerCase().includes(needle) ||
      clause.tags.some((tag) => tag.toLowerCase().includes(needle)),
  );
}

type TemplateFilter = { search: string; category: LegalTemplateCategory | typeof ALL };

export function filterTemplates<T extends Pick<LegalTemplate, "title" | "description" | "category">>(
  templates: readonly T[],
  { search, category }: TemplateFilter,
): T[] {
  const needle = normalize(search);
  return templates.filter(
    (template) =>
      (category === ALL || template.category === category) &&
      (!needle || `${template.title} ${template.description}`.toLowerCase().includes(needle)),
  );
}

type DocumentFilter = { search: string; status: LegalDocumentStatus | typeof ALL };

export function filterDocuments<T extends Pick<LegalDocument, "title" | "status">>(
  documents: readonly T[],
  { search, status }: DocumentFilter,
): T[] {
  const needle = normalize(search);
  return documents.filter(
    (document) =>
      (status === ALL || document.status === status) &&
      (!needle || document.title.toLowerCase().includes(needle)),
  );
}

export function sortByUpdatedDesc<T extends { updated_at: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}
