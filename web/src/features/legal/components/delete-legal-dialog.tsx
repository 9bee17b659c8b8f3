import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { useDeleteLegal } from "@/features/legal/api/legal-mutations";

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
  const close = () => {
    // The next row asked about starts without this one's refusal.
    remove.reset();
    onOpenChange(false);
  };
  return (
    <ConfirmDialog
      open={row !== null}
      title={`Delete this ${noun}?`}
      description={`“${row?.title}” will be deleted. This cannot be undone.`}
      confirmLabel={`Delete ${noun}`}
      cancelLabel={`Keep ${noun}`}
      confirmIcon={<Trash2 aria-hidden="true" />}
      isDestructive
      isPending={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        row &&
        remove.mutate(
          { id: row.id, version: row.updated_at },
          {
            onSuccess: () => {
              close();
              onDeleted?.();
            },
          },
        )
      }
      onClose={close}
    />
  );
}
