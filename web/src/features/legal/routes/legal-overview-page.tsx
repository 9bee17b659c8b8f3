import {
  useLegalClauses,
  useLegalDocuments,
  useLegalFigures,
  useLegalTemplates,
} from "@/features/legal/api/legal-queries";
import { LegalOverview } from "@/features/legal/components/legal-overview";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LegalOverviewPage() {
  useDocumentTitle("Legal");
  return (
    <LegalOverview
      figures={useLegalFigures().data}
      documents={useLegalDocuments().data ?? []}
      templates={useLegalTemplates().data ?? []}
      clauses={useLegalClauses().data ?? []}
    />
  );
}
