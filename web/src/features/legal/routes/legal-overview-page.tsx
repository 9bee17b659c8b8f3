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
  const figures = useLegalFigures();
  const documents = useLegalDocuments();
  const templates = useLegalTemplates();
  const clauses = useLegalClauses();
  return (
    <LegalOverview
      figures={figures.data}
      documents={documents.data ?? []}
      templates={templates.data ?? []}
      clauses={clauses.data ?? []}
      isLoading={documents.isPending || templates.isPending || clauses.isPending}
    />
  );
}
