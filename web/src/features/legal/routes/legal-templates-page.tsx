import { useLegalTemplates } from "@/features/legal/api/legal-queries";
import { TemplateLibrary } from "@/features/legal/components/template-library";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LegalTemplatesPage() {
  useDocumentTitle("Legal Templates");
  const templates = useLegalTemplates();
  return <TemplateLibrary templates={templates.data ?? []} isLoading={templates.isPending} />;
}
