import { Copy, Eye, FilePlus2, PenLine, Trash2, Wand2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useCreateTemplate } from "@/features/legal/api/legal-mutations";
import type { LegalTemplate } from "@/features/legal/api/legal-types";
import { DeleteLegalDialog } from "@/features/legal/components/delete-legal-dialog";
import { TemplatePreviewDialog } from "@/features/legal/components/template-preview-dialog";
import { formatRelativeTime } from "@/lib/format";

export function TemplateCard({ template }: { template: LegalTemplate }) {
  const navigate = useNavigate();
  const [isDeleting, setIsDeleting] = useState(false);
  const [isPreviewing, setIsPreviewing] = useState(false);
  const duplicate = useCreateTemplate({
    successMessage: "Template duplicated",
    errorMessage: "Could not duplicate the template",
  });
  const newDocument = `/app/legal/new?template=${template.id}`;
  const makeCopy = async () => {
    const { title, description, category, variables, body_md, is_shared } = template;
    const copy = await duplicate.mutateAsync({
      title: `${title} (copy)`.slice(0, 200),
      description,
      category,
      variables,
      body_md,
      is_shared,
    });
    navigate(`/app/legal/templates/${copy.id}`);
  };
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <article aria-labelledby={`tpl-${template.id}`} className="flex flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`tpl-${template.id}`} className="font-semibold">
            {template.title}
          </h3>
          <Badge variant="purple" className="normal-case!">
            {template.category}
          </Badge>
        </div>
        <p className="text-sm">{template.description}</p>
        <p className="text-sm text-muted-foreground">
          {template.variables.length} variables · Updated {formatRelativeTime(template.updated_at)}
          {template.is_shared ? " · Shared" : ""}
        </p>
        <div className="mt-auto flex flex-wrap gap-1 border-t pt-3">
          <Button asChild variant="ghost" size="sm">
            <Link to={newDocument}>
              <FilePlus2 aria-hidden="true" />
              Create Document
            </Link>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setIsPreviewing(true)}>
            <Eye aria-hidden="true" />
            Preview
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={`/app/legal/templates/${template.id}`}>
              <PenLine aria-hidden="true" />
              Edit
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={duplicate.isPending}
            onClick={() => void makeCopy().catch(() => {})}
          >
            {duplicate.isPending ? <Spinner /> : <Copy aria-hidden="true" />}
            Duplicate
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setIsDeleting(true)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={newDocument}>
              <Wand2 aria-hidden="true" />
              Use Template
            </Link>
          </Button>
        </div>
      </article>
      <TemplatePreviewDialog template={isPreviewing ? template : null} onOpenChange={setIsPreviewing} />
      <DeleteLegalDialog
        table="legal_templates"
        row={isDeleting ? template : null}
        onOpenChange={setIsDeleting}
      />
    </Card>
  );
}
