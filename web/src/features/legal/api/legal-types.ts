import type { TableInsert, TableRow } from "@/lib/table-writes";

/** The legal tables' rows as the data API answers them. */
export type LegalDocument = TableRow<"legal_documents">;
export type LegalTemplate = TableRow<"legal_templates">;
export type LegalClause = TableRow<"legal_clauses">;
export type LegalDocumentInsert = TableInsert<"legal_documents">;
export type LegalClauseInsert = TableInsert<"legal_clauses">;

/**
 * A document with its template's title, embedded by the read that brought it: null when the reader
 * cannot see the template (another person's unshared one).
 */
export type ListedDocument = LegalDocument & { template: { title: string } | null };

/** How a read embeds a document's template's title. */
export const TEMPLATE_TITLE = "template:legal_templates(title)";
