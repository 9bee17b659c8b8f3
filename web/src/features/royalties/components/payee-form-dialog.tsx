import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import { NativeSelect } from "@/components/ui/native-select";
import {
  type RoyaltyPayee,
  useCreatePayee,
  usePayeeParties,
  useUpdatePayee,
} from "@/features/royalties/api/payees";
import {
  type PayeeFormValues,
  payeeErrorPlaces,
  payeeInsertSchema,
  payeeUpdateSchema,
  toPayeeFormValues,
  toPayeePayload,
} from "@/features/royalties/utils/payee-form";
import type { TableInsert } from "@/lib/table-writes";

type PayeeFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The payee to edit, as last read; none to add one. */
  payee?: RoyaltyPayee | null;
  returnFocus?(): void;
};

/** A payee's add and edit dialog: who they are, how they are paid, their fee and reserve terms. */
export function PayeeFormDialog({ open, onOpenChange, payee, returnFocus }: PayeeFormDialogProps) {
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocus={returnFocus}
      className="max-w-2xl"
      title={payee ? `Edit ${payee.name}` : "New payee"}
      description="Who royalties are paid to: a contact or a company, their payout details, publisher fee and reserve."
    >
      <PayeeForm payee={payee} onClose={() => onOpenChange(false)} />
    </RecordFormDialog>
  );
}

const { Field, TextField, TextareaField, CheckboxField } = fieldsFor<PayeeFormValues>();

function PayeeForm({ payee, onClose }: { payee?: RoyaltyPayee | null; onClose(): void }) {
  const parties = usePayeeParties();
  const create = useCreatePayee();
  const update = useUpdatePayee();
  const form = useRecordForm({
    defaultValues: toPayeeFormValues(payee),
    toPayload: toPayeePayload,
    schema: payee ? payeeUpdateSchema : payeeInsertSchema,
    ...payeeErrorPlaces,
    submit: (payload) =>
      payee
        ? update.mutateAsync({ id: payee.id, version: payee.updated_at, changes: payload })
        : create.mutateAsync(payload as TableInsert<"royalty_payees">),
  });
  const contacts = (parties.data ?? []).filter((p) => p.kind === "contact");
  const companies = (parties.data ?? []).filter((p) => p.kind === "company");

  return (
    <RecordForm
      form={form}
      submitLabel={payee ? "Save changes" : "Create payee"}
      onSaved={onClose}
      onCancel={onClose}
    >
      <TextField name="name" label="Name on statements" autoComplete="off" />
      <Field name="party" label="Contact or company" isOptional>
        {(control) => (
          <NativeSelect {...control}>
            <option value="">Neither</option>
            <optgroup label="Contacts">
              {contacts.map((p) => (
                <option key={p.id} value={`contact:${p.id}`}>
                  {p.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Companies">
              {companies.map((p) => (
                <option key={p.id} value={`company:${p.id}`}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        )}
      </Field>
      <TextareaField name="payout_details" label="Payout details" isOptional rows={2} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          name="publisher_fee_percent"
          label="Publisher fee (%)"
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField name="reserve_percent" label="Reserve (%)" inputMode="decimal" autoComplete="off" />
        <TextField
          name="reserve_periods"
          label="Reserve released after (periods)"
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <CheckboxField name="vat_registered" label="VAT registered (paid with VAT on a self-billing invoice)" />
      <TextField
        name="vat_number"
        label="VAT number"
        isOptional
        placeholder="SE811218987601"
        autoComplete="off"
      />
    </RecordForm>
  );
}
