import { useState } from "react";
import { ConflictNotice } from "@/components/form/conflict-notice";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
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

  const confirm = () =>
    remove.mutate(
      { id: work.id, version: work.updated_at },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => setIsStale(error instanceof StaleRecordError),
      },
    );

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete work?</DialogTitle>
          <DialogDescription>
            “{work.title}” leaves this portfolio for good, with its codes, tags and links.
          </DialogDescription>
        </DialogHeader>
        {isStale ? (
          <ConflictNotice
            onReload={async () => {
              await onReload();
              setIsStale(false);
            }}
          />
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending || isStale}
            aria-busy={remove.isPending || undefined}
            onClick={confirm}
          >
            {remove.isPending ? <Spinner /> : null}
            Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
