import { Ban } from "lucide-react";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useVoidDocument } from "@/features/legal/api/legal-mutations";

type VoidDocumentDialogProps = { documentId: string; open: boolean; onOpenChange(open: boolean): void };

/** Voiding needs a reason (kept on the audit trail); the signing links stop working at once. */
export function VoidDocumentDialog({ documentId, open, onOpenChange }: VoidDocumentDialogProps) {
  const id = useId();
  const voidDocument = useVoidDocument();
  const [reason, setReason] = useState("");
  const [isReasonMissing, setIsReasonMissing] = useState(false);
  const close = () => {
    setReason("");
    setIsReasonMissing(false);
    voidDocument.reset();
    onOpenChange(false);
  };
  const problem = isReasonMissing ? "Voiding needs a reason" : voidDocument.error;
  return (
    <ConfirmDialog
      open={open}
      title="Void this document?"
      description="Nobody can sign it after this, and its signing links stop working. Everyone it was sent to is told by e-mail, with the reason. This cannot be undone."
      confirmLabel="Void document"
      cancelLabel="Keep document"
      confirmIcon={<Ban aria-hidden="true" />}
      isDestructive
      isPending={voidDocument.isPending}
      error={problem}
      errorId={`${id}-problem`}
      onConfirm={() => {
        setIsReasonMissing(!reason.trim());
        if (reason.trim())
          voidDocument.mutate({ document_id: documentId, reason: reason.trim() }, { onSuccess: close });
      }}
      onClose={close}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          rows={3}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
