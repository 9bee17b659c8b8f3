import { useNavigate, useSearchParams } from "react-router-dom";
import { PageHeading } from "@/components/ui/page-heading";
import { Spinner } from "@/components/ui/spinner";
import { useCreateDocument } from "@/features/legal/api/legal-mutations";
import { useLegalTemplates } from "@/features/legal/api/legal-queries";
import { DocumentForm } from "@/features/legal/components/document-form";
import { emptyDocumentForm } from "@/features/legal/utils/document-form";
import { useDocumentTitle } from "@/lib/use-document-title";

/** A new draft from a template (`?template=<id>` when opened from a template's card). */
export function LegalNewDocumentPage() {
  useDocumentTitle("New Document");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const templates = useLegalTemplates();
  const create = useCreateDocument();
  const templateId = params.get("template") ?? "";
  const preset = templates.data?.find((t) => t.id === templateId);
  return (
    <div className="grid gap-6">
      <PageHeading title="New Document" description="Fill a template's variables and name who signs." />
      {templates.isPending ? (
        <Spinner label="Loading templates" />
      ) : (
        <DocumentForm
          templates={templates.data ?? []}
          initialValues={{ ...emptyDocumentForm(preset?.id ?? ""), title: preset?.title ?? "" }}
          submitLabel="Create Document"
          onCancel={() => navigate("/app/legal/documents")}
          onSubmit={async (document) => {
            const row = await create.mutateAsync(document);
            navigate(`/app/legal/${row.id}`);
          }}
        />
      )}
    </div>
  );
}
