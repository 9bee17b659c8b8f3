import { Archive, ArchiveRestore, Pencil } from "lucide-react";
import { Button } from "@/components/ui/button";

type RecordActionsProps = {
  isArchived: boolean;
  isBusy: boolean;
  onEdit(): void;
  onArchive(): void;
  onRestore(): void;
};

/** Edit, and Archive or Restore, in a record page's header. */
export function RecordActions({ isArchived, isBusy, onEdit, onArchive, onRestore }: RecordActionsProps) {
  return (
    <>
      <Button onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      {isArchived ? (
        <Button variant="secondary" disabled={isBusy} onClick={onRestore}>
          <ArchiveRestore aria-hidden="true" />
          Restore
        </Button>
      ) : (
        <Button variant="outline" disabled={isBusy} onClick={onArchive}>
          <Archive aria-hidden="true" />
          Archive
        </Button>
      )}
    </>
  );
}
