import type { RowOf, tables } from "@app/contracts";

export type LegalDocument = RowOf<typeof tables.legal_documents>;
