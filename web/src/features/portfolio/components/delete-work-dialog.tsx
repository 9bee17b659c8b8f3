import { useState } from "react";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { ConflictNotice } from "@/components/form/conflict-notice";
import type { PortfolioItem } from "@/features/portfolio/api/list-portfolio-works";
import { useDeletePortfolioItem } from "@/features/portfolio/api/write-portfolio-item";
import { StaleRecordError } from "@/lib/postgrest";

type DeleteWorkDialogProps = {
  /** The work as last read: a version changed since is not deleted (the person sees the change first). */
  work: PortfolioItem;
  onOpenChange(open: boolean): void;
  /** Reads the portfolio again after a refused, stale delete. */
  onReload(): Promise<unknown>;
};

export function DeleteWorkDialog({ work, onOpenChange, onReload }: DeleteWorkDialogProps) {
  const remove = useDeletePortfolioItem();
  const [isStale, setIsStale] = useState(false);
  return (
    <ConfirmDialog
      title="Delete work?"
      description={`“${work.title}” leaves this portfolio for good, with its codes, tags, links, cover and audio preview.`}
      confirmLabel="Delete"
      isDestructive
      isPending={remove.isPending}
      isConfirmDisabled={isStale}
      onConfirm={() =>
        remove.mutate(
          { id: work.id, version: work.updated_at },
          {
            onSuccess: () => onOpenChange(false),
            onError: (error) => setIsStale(error instanceof StaleRecordError),
          },
        )
      }
      onClose={() => onOpenChange(false)}
    >
      {isStale ? (
        <ConflictNotice
          onReload={async () => {
            await onReload();
            setIsStale(false);
          }}
        />
      ) : null}
    </ConfirmDialog>
  );
}
