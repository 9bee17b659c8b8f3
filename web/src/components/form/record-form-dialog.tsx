import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

type RecordFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  className?: string;
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
  children,
}: RecordFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}
