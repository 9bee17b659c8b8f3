import { useLegalClauses } from "@/features/legal/api/legal-library";
import { ClauseLibrary } from "@/features/legal/components/clause-library";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LegalClausesPage() {
  useDocumentTitle("Legal Clauses");
  return <ClauseLibrary clauses={useLegalClauses()} />;
}
