import type { TableInsert, TableRow } from "@/lib/table-writes";

/** The legal tables' rows as the data API answers them. */
export type LegalDocument = TableRow<"legal_documents">;
export type LegalTemplate = TableRow<"legal_templates">;
export type LegalClause = TableRow<"legal_clauses">;
export type LegalDocumentInsert = TableInsert<"legal_documents">;
export type LegalClauseInsert = TableInsert<"legal_clauses">;
