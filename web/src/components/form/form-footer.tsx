import { SubmitButton } from "@/components/form/submit-button";
import { Button } from "@/components/ui/button";

type FormFooterProps = {
  isBusy: boolean;
  submitLabel: string;
  /** A form-wide problem (one no field owns), shown above the buttons. */
  formError?: string | null;
  onCancel(): void;
};

export function FormFooter({ isBusy, submitLabel, formError, onCancel }: FormFooterProps) {
  return (
    <>
      {formError ? (
        <p role="alert" className="text-sm text-error-text">
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton isBusy={isBusy} label={submitLabel} busyLabel="Saving..." />
      </div>
    </>
  );
}
