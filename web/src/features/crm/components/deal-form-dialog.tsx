import { useState } from "react";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { HandRecordForm as RecordForm } from "@/components/form/hand-record-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useCreateCard } from "@/features/crm/api/create-card";
import type { Deal } from "@/features/crm/api/crm-types";
import { useCompanyContacts } from "@/features/crm/api/list-contacts";
import { useUpdateRow } from "@/features/crm/api/table-writes";
import { CompanySelect } from "@/features/crm/components/company-select";
import { RecordTimeline } from "@/features/crm/components/record-timeline";
import { DEAL_COLUMNS } from "@/features/crm/utils/board-columns";
import {
  dealInsertSchema,
  dealUpdateSchema,
  toDealFormValues,
  toDealPayload,
} from "@/features/crm/utils/deal-form";
import { formatContactName } from "@/features/crm/utils/names";
import { useCurrentUserId } from "@/lib/use-auth";
import { useRecordForm } from "@/lib/use-record-form";

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{deal ? "Edit deal" : "New Deal"}</DialogTitle>
          <DialogDescription>Value in whole Swedish kronor (SEK).</DialogDescription>
        </DialogHeader>
        {open ? <DealForm deal={deal} onClose={() => onOpenChange(false)} {...rest} /> : null}
        {open && deal ? <RecordTimeline recordType="crm_deals" recordId={deal.id} headingLevel="h3" /> : null}
      </DialogContent>
    </Dialog>
  );
}

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
    initialValues: toDealFormValues(deal, defaults),
    toPayload: toDealPayload,
    schema: deal ? dealUpdateSchema : dealInsertSchema,
    submit: (payload) =>
      deal && version
        ? update.mutateAsync({ id: deal.id, version, changes: payload })
        : create.mutateAsync({ ...payload, owner_id: currentUserId } as Parameters<
            typeof create.mutateAsync
          >[0]),
  });
  const { values, errors, textField, fieldIds, setValue } = form;
  const contacts = useCompanyContacts(values.company_id);

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toDealFormValues(fresh));
  };

  return (
    <RecordForm form={form} onSaved={onClose} onReload={reload}>
      <FormField {...fieldIds("title")} label="Title" error={errors.title}>
        <Input {...textField("title")} autoComplete="off" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fieldIds("company_id")} label="Company" error={errors.company_id} isOptional>
          <CompanySelect
            {...textField("company_id")}
            noneLabel="No company"
            onChange={(event) => {
              setValue("company_id", event.target.value);
              // A contact belongs to the company chosen before.
              setValue("contact_id", "");
            }}
          />
        </FormField>
        <FormField {...fieldIds("contact_id")} label="Contact" error={errors.contact_id} isOptional>
          <NativeSelect {...textField("contact_id")} disabled={!values.company_id}>
            <option value="">{values.company_id ? "No contact" : "Choose a company first"}</option>
            {values.company_id
              ? (contacts.data?.rows ?? []).map((contact) => (
                  <option key={contact.id} value={contact.id}>
                    {formatContactName(contact)}
                  </option>
                ))
              : null}
          </NativeSelect>
        </FormField>
        <FormField {...fieldIds("stage")} label="Stage" error={errors.stage}>
          <NativeSelect {...textField("stage")}>
            {DEAL_COLUMNS.map((column) => (
              <option key={column.key} value={column.key}>
                {column.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField {...fieldIds("value_sek")} label="Value (SEK)" error={errors.value_sek} isOptional>
          <Input {...textField("value_sek")} inputMode="numeric" autoComplete="off" />
        </FormField>
        <FormField
          {...fieldIds("expected_close_on")}
          label="Expected close"
          error={errors.expected_close_on}
          isOptional
        >
          <Input {...textField("expected_close_on")} type="date" />
        </FormField>
      </div>
      <FormFooter
        isBusy={form.isSubmitting}
        submitLabel={deal ? "Save Changes" : "Create Deal"}
        formError={form.formError}
        onCancel={onClose}
      />
    </RecordForm>
  );
}
