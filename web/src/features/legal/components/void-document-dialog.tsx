import { Ban } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useVoidDocument } from "@/features/legal/api/legal-mutations";
import { describeApiError } from "@/lib/api-errors";

type VoidDocumentDialogProps = { documentId: string; open: boolean; onOpenChange(open: boolean): void };

/** Voiding needs a reason (kept on the audit trail); the signing links stop working at once. */
export function VoidDocumentDialog({ documentId, open, onOpenChange }: VoidDocumentDialogProps) {
  const id = useId();
  const voidDocument = useVoidDocument();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) {
      setProblem(null);
      setReason("");
    }
    onOpenChange(next);
  };
  const confirm = async () => {
    if (!reason.trim()) {
      setProblem("Voiding needs a reason");
      return;
    }
    setProblem(null);
    try {
      await voidDocument.mutateAsync({ document_id: documentId, reason: reason.trim() });
      close(false);
    } catch (error) {
      setProblem(describeApiError(error));
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Void this document?</DialogTitle>
          <DialogDescription>
            Nobody can sign it after this, and its signing links stop working. Everyone it was sent to is told
            by e-mail, with the reason. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
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
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="text-sm text-error-text">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Keep document</Button>
          </DialogClose>
          <Button variant="destructive" disabled={voidDocument.isPending} onClick={confirm}>
            {voidDocument.isPending ? <Spinner /> : <Ban aria-hidden="true" />}
            Void document
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
