import { useLegalClauses } from "@/features/legal/api/legal-queries";
import { ClauseLibrary } from "@/features/legal/components/clause-library";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LegalClausesPage() {
  useDocumentTitle("Legal Clauses");
  const clauses = useLegalClauses();
  return <ClauseLibrary clauses={clauses.data ?? []} isLoading={clauses.isPending} />;
}
