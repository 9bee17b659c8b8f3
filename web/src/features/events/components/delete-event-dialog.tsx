import type { Event } from "@app/contracts";
import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { useDeleteEvent } from "@/features/events/api/manage-events";

type DeleteEventDialogProps = {
  /** The event to delete, as last read; null when the dialog is closed. */
  event: Event | null;
  onOpenChange(open: boolean): void;
};

/** Asks before an event goes: a deleted event leaves the public list and cannot be brought back. */
export function DeleteEventDialog({ event, onOpenChange }: DeleteEventDialogProps) {
  const remove = useDeleteEvent();
  const close = () => {
    // The next event asked about starts without this one's refusal.
    remove.reset();
    onOpenChange(false);
  };
  return (
    <ConfirmDialog
      open={event !== null}
      title="Delete this event?"
      description={`“${event?.title}” will be removed from the home page and from this list. This cannot be undone; to keep it visible as called off, cancel it instead.`}
      confirmLabel="Delete event"
      cancelLabel="Keep event"
      confirmIcon={<Trash2 aria-hidden="true" />}
      isDestructive
      isPending={remove.isPending}
      error={remove.error}
      onConfirm={() => event && remove.mutate(event, { onSuccess: close })}
      onClose={close}
    />
  );
}
