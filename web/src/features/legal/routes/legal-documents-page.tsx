import { useLegalDocuments } from "@/features/legal/api/legal-queries";
import { DocumentLibrary } from "@/features/legal/components/document-library";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LegalDocumentsPage() {
  useDocumentTitle("Legal Documents");
  const documents = useLegalDocuments();
  return <DocumentLibrary documents={documents.data ?? []} isLoading={documents.isPending} />;
}
