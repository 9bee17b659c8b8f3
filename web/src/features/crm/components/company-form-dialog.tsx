import { useState } from "react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import type { Company } from "@/features/crm/api/crm-types";
import { useInsertRow, useUpdateRow } from "@/features/crm/api/table-writes";
import {
  COMPANY_KIND_OPTIONS,
  type CompanyFormValues,
  companyInsertSchema,
  companyUpdateSchema,
  toCompanyFormValues,
  toCompanyPayload,
} from "@/features/crm/utils/company-form";

type CompanyFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The company to edit, as last read; none to add one. */
  company?: Company | null;
  onReload?(): Promise<Company | null | undefined>;
  onSaved?(company: Company): void;
};

/** New Company / Add Company, and the edit dialog of a company's page. */
export function CompanyFormDialog({ open, onOpenChange, company, ...rest }: CompanyFormDialogProps) {
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={company ? "Edit company" : "New Company"}
      description="A label, publisher, venue, brand or studio you work with."
    >
      <CompanyForm company={company} onClose={() => onOpenChange(false)} {...rest} />
    </RecordFormDialog>
  );
}

const { TextField, TextareaField, SelectField } = fieldsFor<CompanyFormValues>();

type CompanyFormProps = Omit<CompanyFormDialogProps, "open" | "onOpenChange"> & { onClose(): void };

function CompanyForm({ company, onReload, onSaved, onClose }: CompanyFormProps) {
  const [version, setVersion] = useState(company?.updated_at);
  const create = useInsertRow("crm_companies", {
    successMessage: "Company created",
    errorMessage: "Could not create the company",
  });
  const update = useUpdateRow("crm_companies", {
    successMessage: "Changes saved",
    errorMessage: "Could not save the company",
  });
  const form = useRecordForm({
    defaultValues: toCompanyFormValues(company),
    toPayload: toCompanyPayload,
    schema: company ? companyUpdateSchema : companyInsertSchema,
    submit: async (payload) => {
      const saved =
        company && version
          ? await update.mutateAsync({ id: company.id, version, changes: payload })
          : await create.mutateAsync(payload as Parameters<typeof create.mutateAsync>[0]);
      onSaved?.(saved);
    },
  });

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toCompanyFormValues(fresh));
  };

  return (
    <RecordForm
      editing={company ? { table: "crm_companies", id: company.id } : undefined}
      form={form}
      submitLabel={company ? "Save Changes" : "Create Company"}
      onSaved={onClose}
      onCancel={onClose}
      onReload={reload}
    >
      <TextField name="name" label="Name" autoComplete="organization" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="kind" label="Kind" options={COMPANY_KIND_OPTIONS} />
        <TextField name="city" label="City" isOptional autoComplete="off" />
        <TextField
          name="org_number"
          label="Organisation number"
          isOptional
          placeholder="NNNNNN-NNNN"
          autoComplete="off"
        />
        <TextField
          name="website"
          label="Website"
          isOptional
          type="url"
          placeholder="https://"
          autoComplete="off"
        />
      </div>
      <TextareaField name="notes" label="Notes" isOptional rows={3} />
    </RecordForm>
  );
}
