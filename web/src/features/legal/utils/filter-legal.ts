import type { LegalDocumentStatus, LegalTemplateCategory } from "@app/contracts";
import type { LegalDocument, LegalTemplate } from "@/features/legal/api/legal-types";

export const ALL = "All";

/*
 * The documents and templates lists are whole tables (at most 200 rows each), so their search and chips
 * narrow what was read; the clause library is searched by the server (its search_text column).
 */

const normalize = (text: string) => text.trim().toLowerCase();

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
