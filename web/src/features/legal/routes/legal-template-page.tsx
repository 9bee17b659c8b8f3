import { Link, useNavigate, useParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { Spinner } from "@/components/ui/spinner";
import { useCreateTemplate, useUpdateLegal } from "@/features/legal/api/legal-mutations";
import { useLegalRecord } from "@/features/legal/api/legal-queries";
import { TemplateForm } from "@/features/legal/components/template-form";
import { toTemplateFormValues } from "@/features/legal/utils/template-form";
import { useDocumentTitle } from "@/lib/use-document-title";

function NewTemplate() {
  const navigate = useNavigate();
  const create = useCreateTemplate({
    successMessage: "Template created",
    errorMessage: "Could not create the template",
  });
  return (
    <TemplateForm
      initialValues={toTemplateFormValues()}
      submitLabel="Create Template"
      onCancel={() => navigate("/app/legal/templates")}
      onSubmit={async (payload) => {
        const row = await create.mutateAsync(payload);
        navigate(`/app/legal/templates/${row.id}`, { replace: true });
      }}
    />
  );
}

function EditTemplate({ id }: { id: string }) {
  const navigate = useNavigate();
  const template = useLegalRecord("legal_templates", id, "Could not load the template");
  const update = useUpdateLegal("legal_templates", {
    successMessage: "Template saved",
    errorMessage: "Could not save the template",
  });
  if (template.isPending) return <Spinner label="Loading template" />;
  const row = template.data;
  if (!row) {
    return (
      <EmptyState title="Template not found" description="It may have been deleted.">
        <Button asChild variant="secondary">
          <Link to="/app/legal/templates">All templates</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <TemplateForm
      key={row.updated_at}
      initialValues={toTemplateFormValues(row)}
      submitLabel="Save Template"
      onCancel={() => navigate("/app/legal/templates")}
      onReload={() => template.refetch()}
      onSubmit={(payload) => update.mutateAsync({ id: row.id, version: row.updated_at, changes: payload })}
    />
  );
}

/** The template editor: /app/legal/templates/new, or a saved template by id. */
export function LegalTemplatePage() {
  const { id = "new" } = useParams();
  const isNew = id === "new";
  useDocumentTitle(isNew ? "New Template" : "Edit Template");
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeading
        title={isNew ? "New Template" : "Edit Template"}
        description="A reusable agreement: markdown with variables and clauses from the library."
      />
      {isNew ? <NewTemplate /> : <EditTemplate id={id} />}
    </div>
  );
}
