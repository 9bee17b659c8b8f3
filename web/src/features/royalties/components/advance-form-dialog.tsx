import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import { type RoyaltyPayee, useRecordAdvance } from "@/features/royalties/api/payees";
import {
  type AdvanceFormValues,
  advanceErrorPlaces,
  advanceInsertSchema,
  toAdvancePayload,
} from "@/features/royalties/utils/payee-form";
import type { TableInsert } from "@/lib/table-writes";

type AdvanceFormDialogProps = {
  /** The payee the advance was paid to; none while the dialog is shut. */
  payee: RoyaltyPayee | null;
  onClose(): void;
  returnFocus?(): void;
};

/** Records an advance paid to a payee: the next period closed counts it and recoups it from earnings. */
export function AdvanceFormDialog({ payee, onClose, returnFocus }: AdvanceFormDialogProps) {
  return (
    <RecordFormDialog
      open={payee !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      returnFocus={returnFocus}
      title={`Record an advance to ${payee?.name ?? ""}`}
      description="The next period closed counts it and recoups it from the payee's earnings before anything is paid. Once counted it cannot be changed."
    >
      {payee ? <AdvanceForm payee={payee} onClose={onClose} /> : null}
    </RecordFormDialog>
  );
}

const { TextField } = fieldsFor<AdvanceFormValues>();

function AdvanceForm({ payee, onClose }: { payee: RoyaltyPayee; onClose(): void }) {
  const record = useRecordAdvance();
  const form = useRecordForm({
    defaultValues: { paid_on: "", amount_kr: "", note: "" },
    toPayload: (values: AdvanceFormValues) => toAdvancePayload(payee.id, values),
    schema: advanceInsertSchema,
    ...advanceErrorPlaces,
    submit: (payload) => record.mutateAsync(payload as TableInsert<"royalty_advances">),
  });
  return (
    <RecordForm form={form} submitLabel="Record advance" onSaved={onClose} onCancel={onClose}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="paid_on" label="Paid on" type="date" />
        <TextField name="amount_kr" label="Amount (SEK)" inputMode="decimal" autoComplete="off" />
      </div>
      <TextField name="note" label="Note" isOptional autoComplete="off" />
    </RecordForm>
  );
}
