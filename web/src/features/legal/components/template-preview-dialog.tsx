import { useEffect } from "react";
import { RenderedDocument } from "@/components/legal/rendered-document";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { usePreviewTemplate } from "@/features/legal/api/legal-mutations";
import type { LegalTemplate } from "@/features/legal/api/legal-types";
import { problemsOf } from "@/features/legal/utils/problems";

type TemplatePreviewDialogProps = { template: LegalTemplate | null; onOpenChange(open: boolean): void };

/** A saved template rendered by the server with sample values. */
export function TemplatePreviewDialog({ template, onOpenChange }: TemplatePreviewDialogProps) {
  const preview = usePreviewTemplate();
  const { mutate } = preview;
  useEffect(() => {
    if (template) {
      mutate({ body_md: template.body_md, variables: template.variables, category: template.category });
    }
  }, [template, mutate]);
  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Preview: {template?.title}</DialogTitle>
          <DialogDescription>Rendered with sample values in place of the variables.</DialogDescription>
        </DialogHeader>
        {preview.isPending ? <Spinner label="Rendering" /> : null}
        {preview.isError ? (
          <p role="alert" className="text-sm text-error-text">
            {problemsOf(preview.error).message}
          </p>
        ) : null}
        {preview.data ? (
          <RenderedDocument html={preview.data} label={`${template?.title} (preview)`} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
