import { useId, useState } from "react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useCreateCard } from "@/features/crm/api/create-card";
import type { Deal } from "@/features/crm/api/crm-types";
import { useCompanyContacts } from "@/features/crm/api/list-contacts";
import { useUpdateRow } from "@/features/crm/api/table-writes";
import { CompanySelect } from "@/features/crm/components/company-select";
import { DealProjectAction } from "@/features/crm/components/deal-project-action";
import { RecordTimeline } from "@/features/crm/components/record-timeline";
import { DEAL_COLUMNS } from "@/features/crm/utils/board-columns";
import {
  type DealFormValues,
  dealInsertSchema,
  dealUpdateSchema,
  toDealFormValues,
  toDealPayload,
} from "@/features/crm/utils/deal-form";
import { formatContactName } from "@/features/crm/utils/names";
import { useCurrentUserId } from "@/lib/use-auth";

type DealFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The deal to edit, as last read; none to add one. */
  deal?: Deal | null;
  defaults?: { company_id?: string };
  onReload?(): Promise<Deal | null | undefined>;
};

export function DealFormDialog({ open, onOpenChange, deal, ...rest }: DealFormDialogProps) {
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={deal ? "Edit deal" : "New Deal"}
      description="Value in whole Swedish kronor (SEK)."
    >
      {deal ? <DealProjectAction deal={deal} /> : null}
      <DealForm deal={deal} onClose={() => onOpenChange(false)} {...rest} />
      {deal ? <RecordTimeline recordType="crm_deals" recordId={deal.id} headingLevel="h3" /> : null}
    </RecordFormDialog>
  );
}

const { Field, TextField, SelectField } = fieldsFor<DealFormValues>();

type DealFormProps = Omit<DealFormDialogProps, "open" | "onOpenChange"> & { onClose(): void };

function DealForm({ deal, defaults, onReload, onClose }: DealFormProps) {
  const [version, setVersion] = useState(deal?.updated_at);
  const currentUserId = useCurrentUserId();
  const create = useCreateCard("crm_deals", {
    successMessage: "Deal created",
    errorMessage: "Could not create the deal",
  });
  const update = useUpdateRow("crm_deals", {
    successMessage: "Changes saved",
    errorMessage: "Could not save the deal",
  });
  const form = useRecordForm({
    defaultValues: toDealFormValues(deal, defaults),
    toPayload: toDealPayload,
    schema: deal ? dealUpdateSchema : dealInsertSchema,
    submit: (payload) =>
      deal && version
        ? update.mutateAsync({ id: deal.id, version, changes: payload })
        : create.mutateAsync({ ...payload, owner_id: currentUserId } as Parameters<
            typeof create.mutateAsync
          >[0]),
  });
  const values = form.form.watch();
  const [contactSearch, setContactSearch] = useState("");
  const contacts = useCompanyContacts(values.company_id, contactSearch);
  const contactRows = contacts.data?.rows ?? [];
  const searchId = useId();

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toDealFormValues(fresh));
  };

  return (
    <RecordForm
      editing={deal ? { table: "crm_deals", id: deal.id } : undefined}
      form={form}
      submitLabel={deal ? "Save Changes" : "Create Deal"}
      onSaved={onClose}
      onCancel={onClose}
      onReload={reload}
    >
      <TextField name="title" label="Title" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="company_id" label="Company" isOptional>
          {(control) => (
            <CompanySelect
              {...control}
              noneLabel="No company"
              onChange={(event) => {
                control.onChange(event);
                // A contact belongs to the company chosen before.
                form.form.setValue("contact_id", "");
              }}
            />
          )}
        </Field>
        {values.company_id ? null : (
          <div className="grid gap-2">
            <Label htmlFor={searchId}>Find a contact</Label>
            <Input
              id={searchId}
              type="search"
              value={contactSearch}
              placeholder="Name or e-mail"
              autoComplete="off"
              onChange={(event) => setContactSearch(event.target.value)}
            />
          </div>
        )}
        <Field name="contact_id" label="Contact" isOptional>
          {(control) => (
            <NativeSelect {...control}>
              <option value="">No contact</option>
              {values.contact_id && !contactRows.some((contact) => contact.id === values.contact_id) ? (
                <option value={values.contact_id}>The current contact</option>
              ) : null}
              {contactRows.map((contact) => (
                <option key={contact.id} value={contact.id}>
                  {formatContactName(contact)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <SelectField
          name="stage"
          label="Stage"
          options={DEAL_COLUMNS.map((column) => ({ value: column.key, label: column.label }))}
        />
        <TextField name="value_sek" label="Value (SEK)" isOptional inputMode="numeric" autoComplete="off" />
        <TextField name="expected_close_on" label="Expected close" isOptional type="date" />
      </div>
    </RecordForm>
  );
}
