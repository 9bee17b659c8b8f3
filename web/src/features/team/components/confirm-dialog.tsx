import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { describeApiError } from "@/lib/api-errors";

type ConfirmDialogProps = {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  isDestructive?: boolean;
  isPending: boolean;
  /** The refused attempt (the server's 409 reason), shown above the buttons. */
  error: unknown;
  onConfirm(): void;
  onClose(): void;
  /**
   * Puts focus back where the person was: the dialog opens from a menu that is gone by the time it
   * closes, and the row may have moved (a new role re-sorts the table).
   */
  returnFocus(): void;
  /** A control the confirmation depends on (the role to give). */
  children?: ReactNode;
};

/** Every team change is confirmed in a dialog that names the person, and a refusal is explained there. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  isDestructive = false,
  isPending,
  error,
  onConfirm,
  onClose,
  returnFocus,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        {/* Addresses are long unbroken words: they wrap rather than push the buttons out of the dialog. */}
        <DialogHeader className="wrap-anywhere">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!isPending) onConfirm();
          }}
        >
          {children}
          {error ? (
            <p role="alert" className="text-sm text-error-text">
              {describeApiError(error)}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={isDestructive ? "destructive" : "default"}
              disabled={isPending}
              aria-busy={isPending || undefined}
            >
              {isPending ? <Spinner /> : null}
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
