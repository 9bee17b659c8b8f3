import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useDeleteLegal } from "@/features/legal/api/legal-mutations";
import { describeApiError } from "@/lib/api-errors";

const NOUNS = {
  legal_documents: { noun: "document", deleted: "Document deleted" },
  legal_templates: { noun: "template", deleted: "Template deleted" },
  legal_clauses: { noun: "clause", deleted: "Clause deleted" },
} as const;

type DeleteLegalDialogProps = {
  table: keyof typeof NOUNS;
  /** The row to delete, as last read; null when the dialog is closed. */
  row: { id: string; title: string; updated_at: string } | null;
  onOpenChange(open: boolean): void;
  onDeleted?(): void;
};

/**
 * Asks before a document, template or clause goes. The server refuses a template or clause still in use
 * (409) and a document past draft; its words are shown here, and nothing is deleted.
 */
export function DeleteLegalDialog({ table, row, onOpenChange, onDeleted }: DeleteLegalDialogProps) {
  const { noun, deleted } = NOUNS[table];
  const remove = useDeleteLegal(table, {
    successMessage: deleted,
    errorMessage: `Could not delete the ${noun}`,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const close = (open: boolean) => {
    if (!open) setProblem(null);
    onOpenChange(open);
  };
  return (
    <Dialog open={row !== null} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this {noun}?</DialogTitle>
          <DialogDescription>“{row?.title}” will be deleted. This cannot be undone.</DialogDescription>
        </DialogHeader>
        {problem ? (
          <p role="alert" className="text-sm text-error-text">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Keep {noun}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={async () => {
              if (!row) return;
              setProblem(null);
              try {
                await remove.mutateAsync({ id: row.id, version: row.updated_at });
                close(false);
                onDeleted?.();
              } catch (error) {
                setProblem(describeApiError(error));
              }
            }}
          >
            {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
            Delete {noun}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
