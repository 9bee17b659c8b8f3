import { useLegalDocuments } from "@/features/legal/api/legal-library";
import { DocumentLibrary } from "@/features/legal/components/document-library";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LegalDocumentsPage() {
  useDocumentTitle("Legal Documents");
  return <DocumentLibrary documents={useLegalDocuments()} />;
}
