import { FilePlus2, Trash2, Wand2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { LegalTemplate } from "@/features/legal/api/legal-types";
import { DeleteLegalDialog } from "@/features/legal/components/delete-legal-dialog";
import { formatRelativeTime } from "@/lib/format";

export function TemplateCard({ template }: { template: LegalTemplate }) {
  const [isDeleting, setIsDeleting] = useState(false);
  const newDocument = `/app/legal/new?template=${template.id}`;
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
      <DeleteLegalDialog
        table="legal_templates"
        row={isDeleting ? template : null}
        onOpenChange={setIsDeleting}
      />
    </Card>
  );
}
