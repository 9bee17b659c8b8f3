import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

type RecordFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  className?: string;
  /**
   * Puts focus back on what opened the dialog, when nothing Radix knows as its trigger did (a dialog
   * opened from a row's button): without it focus falls to the page when the dialog closes.
   */
  returnFocus?(): void;
  /**
   * The form (a RecordForm) and what goes with it (a record's timeline); mounted only while open, so every
   * opening starts from the record as last read.
   */
  children: ReactNode;
};

/** The dialog an add or edit form opens in. */
export function RecordFormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  returnFocus,
  children,
}: RecordFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={className}
        onCloseAutoFocus={
          returnFocus
            ? (event) => {
                event.preventDefault();
                returnFocus();
              }
            : undefined
        }
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}
