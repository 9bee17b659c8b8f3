import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { describeApiError } from "@/lib/api-errors";

type ConfirmDialogProps = {
  /** Defaults to open: a dialog mounted only while it is asked for. */
  open?: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** "Keep event" says what cancelling means better than "Cancel" where it fits. */
  cancelLabel?: string;
  /** Shown before the confirm label while not pending (a bin for a delete). */
  confirmIcon?: ReactNode;
  isDestructive?: boolean;
  isPending: boolean;
  /**
   * Confirming cannot help yet (the record changed since it was read, the address is not typed): the
   * button stays disabled. Enter in a control still calls onConfirm, which can say what is missing.
   */
  isConfirmDisabled?: boolean;
  /** Why it did not happen, above the buttons: a refused request (described in words) or our own words. */
  error?: unknown;
  /** The id of that explanation, for a control it concerns (an address typed to confirm). */
  errorId?: string;
  onConfirm(): void;
  /** Cancel, Escape, or the caller closing it after the confirmed change. */
  onClose(): void;
  /** Puts focus back where the person was when the opener is gone by the time the dialog closes. */
  returnFocus?(): void;
  /** A control the confirmation depends on (the role to give), or a notice (someone saved first). */
  children?: ReactNode;
};

/**
 * Asks before a change that is hard to take back. An alert dialog: focus starts on the control the
 * confirmation depends on, else on Cancel; Escape cancels, a click outside does nothing; Enter in a control or on the confirm button confirms. The
 * confirm button is disabled while the change runs, and a refusal is explained in the dialog.
 */
export function ConfirmDialog({
  open = true,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  confirmIcon,
  isDestructive = false,
  isPending,
  isConfirmDisabled = false,
  error,
  errorId,
  onConfirm,
  onClose,
  returnFocus,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/75" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-popover p-6 text-popover-foreground shadow-lg"
          onOpenAutoFocus={(event) => {
            // A control the confirmation depends on (the role, an address to type) is where to start.
            const control = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
              "form input, form select, form textarea",
            );
            if (!control) return;
            event.preventDefault();
            control.focus();
          }}
          onCloseAutoFocus={
            returnFocus
              ? (event) => {
                  event.preventDefault();
                  returnFocus();
                }
              : undefined
          }
        >
          {/* Addresses are long unbroken words: they wrap rather than push the buttons out of the dialog. */}
          <div className="flex flex-col gap-1.5 wrap-anywhere">
            <AlertDialog.Title className="text-xl font-semibold">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              {description}
            </AlertDialog.Description>
          </div>
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              // Enter in a control still asks: onConfirm says what is missing (an address typed wrong).
              if (!isPending) onConfirm();
            }}
          >
            {children}
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-error-text">
                {typeof error === "string" ? error : describeApiError(error)}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="outline">
                  {cancelLabel}
                </Button>
              </AlertDialog.Cancel>
              <Button
                type="submit"
                variant={isDestructive ? "destructive" : "default"}
                disabled={isPending || isConfirmDisabled}
                aria-busy={isPending || undefined}
              >
                {isPending ? <Spinner /> : confirmIcon}
                {confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
