import { useLegalClauses, useLegalDocuments, useLegalTemplates } from "@/features/legal/api/legal-library";
import { LegalOverview } from "@/features/legal/components/legal-overview";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LegalOverviewPage() {
  useDocumentTitle("Legal");
  return (
    <LegalOverview
      documents={useLegalDocuments()}
      templates={useLegalTemplates()}
      clauses={useLegalClauses()}
    />
  );
}
