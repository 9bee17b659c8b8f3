import { legalKeys } from "@/features/legal/api/legal-keys";
import { useLegalDocuments } from "@/features/legal/api/legal-queries";
import { DocumentLibrary } from "@/features/legal/components/document-library";
import { useLiveTables } from "@/lib/live/live-context";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LegalDocumentsPage() {
  useDocumentTitle("Legal Documents");
  useLiveTables(["legal_documents"], [legalKeys.all]);
  const documents = useLegalDocuments();
  return <DocumentLibrary documents={documents.data ?? []} isLoading={documents.isPending} />;
}
