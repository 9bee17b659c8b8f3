import { useState } from "react";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { HandRecordForm as RecordForm } from "@/components/form/hand-record-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import type { Company } from "@/features/crm/api/crm-types";
import { useInsertRow, useUpdateRow } from "@/features/crm/api/table-writes";
import {
  COMPANY_KIND_OPTIONS,
  companyInsertSchema,
  companyUpdateSchema,
  toCompanyFormValues,
  toCompanyPayload,
} from "@/features/crm/utils/company-form";
import { useRecordForm } from "@/lib/use-record-form";

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{company ? "Edit company" : "New Company"}</DialogTitle>
          <DialogDescription>A label, publisher, venue, brand or studio you work with.</DialogDescription>
        </DialogHeader>
        {open ? <CompanyForm company={company} onClose={() => onOpenChange(false)} {...rest} /> : null}
      </DialogContent>
    </Dialog>
  );
}

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
    initialValues: toCompanyFormValues(company),
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
  const { errors, textField, fieldIds } = form;

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toCompanyFormValues(fresh));
  };

  return (
    <RecordForm form={form} onSaved={onClose} onReload={reload}>
      <FormField {...fieldIds("name")} label="Name" error={errors.name}>
        <Input {...textField("name")} autoComplete="organization" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fieldIds("kind")} label="Kind" error={errors.kind}>
          <NativeSelect {...textField("kind")}>
            {COMPANY_KIND_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField {...fieldIds("city")} label="City" error={errors.city} isOptional>
          <Input {...textField("city")} autoComplete="off" />
        </FormField>
        <FormField
          {...fieldIds("org_number")}
          label="Organisation number"
          error={errors.org_number}
          isOptional
        >
          <Input {...textField("org_number")} placeholder="NNNNNN-NNNN" autoComplete="off" />
        </FormField>
        <FormField {...fieldIds("website")} label="Website" error={errors.website} isOptional>
          <Input {...textField("website")} type="url" placeholder="https://" autoComplete="off" />
        </FormField>
      </div>
      <FormField {...fieldIds("notes")} label="Notes" error={errors.notes} isOptional>
        <Textarea {...textField("notes")} rows={3} />
      </FormField>
      <FormFooter
        isBusy={form.isSubmitting}
        submitLabel={company ? "Save Changes" : "Create Company"}
        formError={form.formError}
        onCancel={onClose}
      />
    </RecordForm>
  );
}
