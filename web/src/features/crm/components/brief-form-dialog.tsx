import { useState } from "react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import { useCreateCard } from "@/features/crm/api/create-card";
import type { Brief } from "@/features/crm/api/crm-types";
import { useUpdateRow } from "@/features/crm/api/table-writes";
import { BriefTalent } from "@/features/crm/components/brief-talent";
import { CompanySelect } from "@/features/crm/components/company-select";
import { RecordTimeline } from "@/features/crm/components/record-timeline";
import { BRIEF_COLUMNS } from "@/features/crm/utils/board-columns";
import {
  type BriefFormValues,
  briefInsertSchema,
  briefUpdateSchema,
  toBriefFormValues,
  toBriefPayload,
} from "@/features/crm/utils/brief-form";

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
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={brief ? "Edit brief" : "New Brief"}
      description="What the client needs, by when and for what budget (SEK)."
    >
      <BriefForm brief={brief} onReload={onReload} onClose={() => onOpenChange(false)} />
      {brief ? (
        <>
          <BriefTalent briefId={brief.id} />
          <RecordTimeline recordType="crm_briefs" recordId={brief.id} headingLevel="h3" />
        </>
      ) : null}
    </RecordFormDialog>
  );
}

const { Field, TextField, TextareaField, SelectField } = fieldsFor<BriefFormValues>();

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
    defaultValues: toBriefFormValues(brief),
    toPayload: toBriefPayload,
    schema: brief ? briefUpdateSchema : briefInsertSchema,
    submit: (payload) =>
      brief && version
        ? update.mutateAsync({ id: brief.id, version, changes: payload })
        : create.mutateAsync(payload as Parameters<typeof create.mutateAsync>[0]),
  });

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toBriefFormValues(fresh));
  };

  return (
    <RecordForm
      editing={brief ? { table: "crm_briefs", id: brief.id } : undefined}
      form={form}
      submitLabel={brief ? "Save Changes" : "Create Brief"}
      onSaved={onClose}
      onCancel={onClose}
      onReload={reload}
    >
      <TextField name="title" label="Title" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="company_id" label="Client" isOptional>
          {(control) => <CompanySelect {...control} noneLabel="No client" />}
        </Field>
        <SelectField
          name="status"
          label="Status"
          options={BRIEF_COLUMNS.map((column) => ({ value: column.key, label: column.label }))}
        />
        <TextField name="budget_sek" label="Budget (SEK)" isOptional inputMode="numeric" autoComplete="off" />
        <TextField name="due_on" label="Due" isOptional type="date" />
      </div>
      <TextareaField name="description" label="Description" isOptional rows={3} />
    </RecordForm>
  );
}
