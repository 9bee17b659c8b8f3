import { useLegalTemplates } from "@/features/legal/api/legal-library";
import { TemplateLibrary } from "@/features/legal/components/template-library";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LegalTemplatesPage() {
  useDocumentTitle("Legal Templates");
  return <TemplateLibrary templates={useLegalTemplates()} />;
}
