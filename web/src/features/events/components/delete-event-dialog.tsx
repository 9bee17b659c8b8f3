import type { Event } from "@app/contracts";
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
import { useDeleteEvent } from "@/features/events/api/manage-events";
import { describeApiError } from "@/lib/api-errors";

type DeleteEventDialogProps = {
  /** The event to delete, as last read; null when the dialog is closed. */
  event: Event | null;
  onOpenChange(open: boolean): void;
};

/** Asks before an event goes: a deleted event leaves the public list and cannot be brought back. */
export function DeleteEventDialog({ event, onOpenChange }: DeleteEventDialogProps) {
  const remove = useDeleteEvent();
  const [problem, setProblem] = useState<string | null>(null);
  const close = (open: boolean) => {
    if (!open) setProblem(null);
    onOpenChange(open);
  };
  return (
    <Dialog open={event !== null} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this event?</DialogTitle>
          <DialogDescription>
            “{event?.title}” will be removed from the home page and from this list. This cannot be undone; to
            keep it visible as called off, cancel it instead.
          </DialogDescription>
        </DialogHeader>
        {problem ? (
          <p role="alert" className="text-sm text-error-text">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Keep event</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={async () => {
              if (!event) return;
              setProblem(null);
              try {
                await remove.mutateAsync(event);
                close(false);
              } catch (error) {
                setProblem(describeApiError(error));
              }
            }}
          >
            {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
            Delete event
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
