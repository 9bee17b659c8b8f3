import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { ConfirmDialog } from "@/components/form/confirm-dialog";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { useRecordForm } from "@/components/form/use-record-form";
import { Button } from "@/components/ui/button";
import {
  type InvoiceRecord,
  useDeleteDraft,
  useIssueInvoice,
  useSaveDraft,
} from "@/features/invoices/api/invoices";
import { DraftLinesEditor } from "@/features/invoices/components/draft-lines-editor";
import {
  type DraftFormValues,
  draftFormPath,
  draftFormValues,
  draftPayload,
  draftPayloadSchema,
  linesToSave,
} from "@/features/invoices/utils/draft-form";
import { issueProblem } from "@/features/invoices/utils/issue-problem";

const { TextField, CheckboxField } = fieldsFor<DraftFormValues>();

type Props = { record: InvoiceRecord; onReload(): Promise<unknown> };

/**
 * A draft: the buyer, the terms and the lines, saved as one; then issued, which takes its number. Issuing
 * uses what is saved, so it waits until the form has no unsaved changes.
 */
export function InvoiceDraftEditor({ record, onReload }: Props) {
  const { invoice, lines } = record;
  const navigate = useNavigate();
  const save = useSaveDraft();
  const issue = useIssueInvoice();
  const remove = useDeleteDraft();
  const [asking, setAsking] = useState<"issue" | "delete" | null>(null);
  const form = useRecordForm({
    defaultValues: draftFormValues(invoice, lines),
    toPayload: draftPayload,
    schema: draftPayloadSchema,
    formPathOf: draftFormPath,
    submit: async ({ lines: typed, ...changes }) =>
      save.mutateAsync({ invoice, changes, lines: linesToSave(typed) }),
  });
  const isDirty = form.form.formState.isDirty;
  const refused = issue.error ? issueProblem(issue.error) : null;

  return (
    <div className="grid gap-6">
      {refused ? (
        <div
          role="alert"
          className="grid gap-1 rounded-md border border-error-text/40 p-3 text-sm text-error-text"
        >
          <p className="font-medium">This invoice cannot be issued yet: {refused.message}</p>
          {refused.missing.length > 0 ? (
            <ul aria-label="Missing before issuing" className="list-disc pl-5">
              {refused.missing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" disabled={isDirty} onClick={() => setAsking("issue")}>
          Issue invoice
        </Button>
        <Button type="button" variant="outline" onClick={() => setAsking("delete")}>
          Delete draft
        </Button>
        {isDirty ? <p className="text-sm text-muted-foreground">Save your changes before issuing.</p> : null}
      </div>
      <RecordForm
        form={form}
        label="Draft invoice"
        submitLabel="Save draft"
        onCancel={() => form.reset(draftFormValues(invoice, lines))}
        onReload={onReload}
      >
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Buyer</legend>
          <TextField name="buyer_name" label="Buyer name" autoComplete="organization" />
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField name="buyer_street_address" label="Street address" isOptional className="min-w-0" />
            <TextField name="buyer_postal_code" label="Postal code" isOptional className="min-w-0" />
            <TextField name="buyer_city" label="City" isOptional className="min-w-0" />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField name="buyer_country" label="Country (ISO code)" maxLength={2} className="min-w-0" />
            <TextField name="buyer_vat_number" label="Buyer VAT number" isOptional className="min-w-0" />
            <TextField name="buyer_email" label="Buyer e-mail" type="email" isOptional className="min-w-0" />
          </div>
          <CheckboxField name="buyer_is_business" label="The buyer is a business" />
        </fieldset>
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Terms</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              name="delivery_date"
              label="Delivery date"
              type="date"
              isOptional
              className="min-w-0"
            />
            <TextField name="due_date" label="Due date" type="date" isOptional className="min-w-0" />
            <TextField name="your_reference" label="Your reference" isOptional className="min-w-0" />
          </div>
          <CheckboxField name="reverse_charge" label="Reverse charge (EU business buyer)" />
          <CheckboxField name="round_to_kronor" label="Round the total to whole kronor" />
        </fieldset>
        <DraftLinesEditor />
      </RecordForm>
      {asking === "issue" ? (
        <ConfirmDialog
          title="Issue this invoice?"
          description="Issuing gives it its number and OCR reference. An issued invoice can no longer be edited or deleted, only credited."
          confirmLabel="Issue invoice"
          isPending={issue.isPending}
          onConfirm={() => {
            issue.mutate(invoice.id, { onSettled: () => setAsking(null) });
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === "delete" ? (
        <ConfirmDialog
          title="Delete this draft?"
          description="The draft and its lines are deleted. No number was taken, so none is lost."
          confirmLabel="Delete draft"
          isDestructive
          isPending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(invoice, { onSuccess: () => navigate("/app/invoices") })}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
