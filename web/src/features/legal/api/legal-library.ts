import {
  type LegalClause,
  type LegalDocument,
  type LegalTemplate,
  SAMPLE_CLAUSES,
  SAMPLE_DOCUMENTS,
  SAMPLE_TEMPLATES,
} from "@/features/legal/data/sample-legal";

/*
 * The legal screens read their data only through these hooks. Today they hand back the samples; when the
 * server grows legal tables, each becomes a ts-rest query here and no screen changes.
 */
export function useLegalTemplates(): LegalTemplate[] {
  return SAMPLE_TEMPLATES;
}

export function useLegalDocuments(): LegalDocument[] {
  return SAMPLE_DOCUMENTS;
}

export function useLegalClauses(): LegalClause[] {
  return SAMPLE_CLAUSES;
}
