import { Download, Eye, PenLine, Share2, Signature, Trash2 } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DocumentStatusBadge } from "@/features/legal/components/document-status-badge";
import type { LegalDocument } from "@/features/legal/data/sample-legal";
import { countSignatures, getDocumentActions } from "@/features/legal/utils/document-actions";
import { formatRelativeTime } from "@/lib/format";

/** Share and Delete have no behaviour yet (spec §2); they log so the click is visible while developing. */
const logAction = (action: string, document: LegalDocument) => () => console.info(action, document.id);

export function DocumentCard({ document }: { document: LegalDocument }) {
  const actions = getDocumentActions(document);
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <article aria-labelledby={`doc-${document.id}`} className="flex flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`doc-${document.id}`} className="font-semibold">
            {document.title}
          </h3>
          <DocumentStatusBadge status={document.status} />
        </div>
        <p className="text-sm text-muted-foreground">Updated {formatRelativeTime(document.updated_at)}</p>
        {actions.showsSignatures ? (
          <p className="flex items-center gap-1 text-sm" data-testid="signatures-indicator">
            <Signature className="size-4" aria-hidden="true" />
            Signatures: {countSignatures(document)} signed
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-1 border-t pt-3">
          <Button asChild variant="ghost" size="sm">
            <Link to={`/app/legal/${document.id}`}>
              <Eye aria-hidden="true" />
              View
            </Link>
          </Button>
          {actions.canEdit ? (
            <Button asChild variant="ghost" size="sm">
              <Link to={`/app/legal/${document.id}`}>
                <PenLine aria-hidden="true" />
                Edit
              </Link>
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={logAction("share", document)}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
          {actions.canDownloadPdf && document.rendered_pdf_url ? (
            <Button asChild variant="ghost" size="sm">
              <a href={document.rendered_pdf_url} download>
                <Download aria-hidden="true" />
                Download PDF
              </a>
            </Button>
          ) : null}
          {actions.canDownloadDocx && document.rendered_docx_url ? (
            <Button asChild variant="ghost" size="sm">
              <a href={document.rendered_docx_url} download>
                <Download aria-hidden="true" />
                Download DOCX
              </a>
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={logAction("delete", document)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </article>
    </Card>
  );
}
