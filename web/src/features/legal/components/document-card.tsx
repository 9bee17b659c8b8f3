import { Eye, Link2, PenLine, Share2, ShieldAlert, Signature, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { ListedDocument } from "@/features/legal/api/legal-types";
import { DeleteLegalDialog } from "@/features/legal/components/delete-legal-dialog";
import { DocumentStatusBadge } from "@/features/legal/components/document-status-badge";
import { DownloadButtons } from "@/features/legal/components/download-buttons";
import { integrityFailure } from "@/features/legal/components/integrity-alert";
import { countSignatures, getDocumentActions } from "@/features/legal/utils/document-actions";
import { formatRelativeTime } from "@/lib/format";
import { toast } from "@/lib/toast";

/**
 * Share: the document's back-office address, copied for a colleague, with a visible confirmation. A
 * signer's link is single-use and theirs alone, mailed when the document is sent, so it is never offered
 * here; the menu says so, rather than leave anyone looking for it.
 */
function ShareButton({ documentId }: { documentId: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/app/legal/${documentId}`);
      toast.success("Internal link copied", {
        description: "Colleagues signed in to the back office can open it.",
      });
    } catch {
      // The clipboard is refused outside a secure context or without permission.
      toast.error("Could not copy the link", { description: "Copy the address from the document's page." });
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <Share2 aria-hidden="true" />
        Share
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuItem onSelect={() => void copy()}>
          <Link2 aria-hidden="true" />
          Copy internal link
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
          Signers get their own single-use link by e-mail when the document is sent.
        </DropdownMenuLabel>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function DocumentCard({ document }: { document: ListedDocument }) {
  const actions = getDocumentActions(document);
  const signatures = countSignatures(document);
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <article aria-labelledby={`doc-${document.id}`} className="flex flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`doc-${document.id}`} className="font-semibold">
            {document.title}
          </h3>
          <DocumentStatusBadge status={document.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {document.template ? <>From {document.template.title} · </> : null}
          Updated {formatRelativeTime(document.updated_at)}
        </p>
        {actions.showsSignatures ? (
          <p className="flex items-center gap-1 text-sm" data-testid="signatures-indicator">
            <Signature className="size-4" aria-hidden="true" />
            Signatures: {signatures.signed} of {signatures.total} signed
          </p>
        ) : null}
        {integrityFailure(document) && document.status !== "void" ? (
          <p className="flex items-center gap-1 text-sm font-semibold text-error-text">
            <ShieldAlert className="size-4" aria-hidden="true" />
            Held: its stored PDF failed the integrity check
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
              <Link to={`/app/legal/${document.id}?edit=1`}>
                <PenLine aria-hidden="true" />
                Edit
              </Link>
            </Button>
          ) : null}
          <ShareButton documentId={document.id} />
          <DownloadButtons document={document} />
          {actions.canDelete ? (
            <Button variant="ghost" size="sm" onClick={() => setIsDeleting(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
        </div>
      </article>
      <DeleteLegalDialog
        table="legal_documents"
        row={isDeleting ? document : null}
        onOpenChange={setIsDeleting}
      />
    </Card>
  );
}
