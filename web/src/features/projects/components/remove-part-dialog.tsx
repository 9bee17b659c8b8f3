import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { useDeleteProjectRow } from "@/features/projects/api/project-writes";
import type { RowVersion } from "@/lib/table-writes";

type RemovePartDialogProps = {
  table: "project_members" | "project_milestones";
  /** The row as last read: a row someone changed since is not removed (the dialog says so). */
  row: { id: string; updated_at: string };
  title: string;
  description: string;
  messages: { successMessage: string; errorMessage: string };
  onClose(): void;
};

/** Asks before removing a team member or a milestone; closes once it is gone, explains a refusal. */
export function RemovePartDialog({
  table,
  row,
  title,
  description,
  messages,
  onClose,
}: RemovePartDialogProps) {
  const remove = useDeleteProjectRow(table, messages);
  const version: RowVersion = { id: row.id, version: row.updated_at };
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel="Remove"
      isDestructive
      isPending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutateAsync(version).then(onClose, () => undefined)}
      onClose={onClose}
    />
  );
}
