import { useState } from "react";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { HandRecordForm as RecordForm } from "@/components/form/hand-record-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useCreateCard } from "@/features/crm/api/create-card";
import type { Brief } from "@/features/crm/api/crm-types";
import { useUpdateRow } from "@/features/crm/api/table-writes";
import { BriefTalent } from "@/features/crm/components/brief-talent";
import { CompanySelect } from "@/features/crm/components/company-select";
import { RecordTimeline } from "@/features/crm/components/record-timeline";
import { BRIEF_COLUMNS } from "@/features/crm/utils/board-columns";
import {
  briefInsertSchema,
  briefUpdateSchema,
  toBriefFormValues,
  toBriefPayload,
} from "@/features/crm/utils/brief-form";
import { useRecordForm } from "@/lib/use-record-form";

type BriefFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The brief to edit, as last read; none to add one. */
  brief?: Brief | null;
  onReload?(): Promise<Brief | null | undefined>;
};

/** New Brief (also the A&R dashboard's Create Brief) and a brief's edit dialog with its timeline. */
export function BriefFormDialog({ open, onOpenChange, brief, onReload }: BriefFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{brief ? "Edit brief" : "New Brief"}</DialogTitle>
          <DialogDescription>What the client needs, by when and for what budget (SEK).</DialogDescription>
        </DialogHeader>
        {open ? <BriefForm brief={brief} onReload={onReload} onClose={() => onOpenChange(false)} /> : null}
        {open && brief ? (
          <>
            <BriefTalent briefId={brief.id} />
            <RecordTimeline recordType="crm_briefs" recordId={brief.id} headingLevel="h3" />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type BriefFormProps = Pick<BriefFormDialogProps, "brief" | "onReload"> & { onClose(): void };

function BriefForm({ brief, onReload, onClose }: BriefFormProps) {
  const [version, setVersion] = useState(brief?.updated_at);
  const create = useCreateCard("crm_briefs", {
    successMessage: "Brief created",
    errorMessage: "Could not create the brief",
  });
  const update = useUpdateRow("crm_briefs", {
    successMessage: "Changes saved",
    errorMessage: "Could not save the brief",
  });
  const form = useRecordForm({
    initialValues: toBriefFormValues(brief),
    toPayload: toBriefPayload,
    schema: brief ? briefUpdateSchema : briefInsertSchema,
    submit: (payload) =>
      brief && version
        ? update.mutateAsync({ id: brief.id, version, changes: payload })
        : create.mutateAsync(payload as Parameters<typeof create.mutateAsync>[0]),
  });
  const { errors, textField, fieldIds } = form;

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toBriefFormValues(fresh));
  };

  return (
    <RecordForm form={form} onSaved={onClose} onReload={reload}>
      <FormField {...fieldIds("title")} label="Title" error={errors.title}>
        <Input {...textField("title")} autoComplete="off" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fieldIds("company_id")} label="Client" error={errors.company_id} isOptional>
          <CompanySelect {...textField("company_id")} noneLabel="No client" />
        </FormField>
        <FormField {...fieldIds("status")} label="Status" error={errors.status}>
          <NativeSelect {...textField("status")}>
            {BRIEF_COLUMNS.map((column) => (
              <option key={column.key} value={column.key}>
                {column.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField {...fieldIds("budget_sek")} label="Budget (SEK)" error={errors.budget_sek} isOptional>
          <Input {...textField("budget_sek")} inputMode="numeric" autoComplete="off" />
        </FormField>
        <FormField {...fieldIds("due_on")} label="Due" error={errors.due_on} isOptional>
          <Input {...textField("due_on")} type="date" />
        </FormField>
      </div>
      <FormField {...fieldIds("description")} label="Description" error={errors.description} isOptional>
        <Textarea {...textField("description")} rows={3} />
      </FormField>
      <FormFooter
        isBusy={form.isSubmitting}
        submitLabel={brief ? "Save Changes" : "Create Brief"}
        formError={form.formError}
        onCancel={onClose}
      />
    </RecordForm>
  );
}
