import { useState } from "react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { TagField } from "@/components/form/tag-field";
import { useRecordForm } from "@/components/form/use-record-form";
import { useCreateClause, useUpdateLegal } from "@/features/legal/api/legal-mutations";
import type { LegalClause } from "@/features/legal/api/legal-types";
import {
  type ClauseFormValues,
  clauseInsertSchema,
  clauseUpdateSchema,
  toClauseFormValues,
  toClausePayload,
} from "@/features/legal/utils/clause-form";
import { readRecord } from "@/lib/read-table";

type ClauseFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The clause to edit, as last read; none to create one. */
  clause?: LegalClause | null;
};

/** New Clause / Create Clause, and a row's Edit. */
export function ClauseFormDialog({ open, onOpenChange, clause }: ClauseFormDialogProps) {
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={clause ? "Edit Clause" : "New Clause"}
      description="Reusable text a template includes with {{clause:slug}}."
    >
      <ClauseForm clause={clause} onClose={() => onOpenChange(false)} />
    </RecordFormDialog>
  );
}

const { TextField, TextareaField } = fieldsFor<ClauseFormValues>();

function ClauseForm({ clause, onClose }: { clause?: LegalClause | null; onClose(): void }) {
  const [version, setVersion] = useState(clause?.updated_at);
  const create = useCreateClause();
  const update = useUpdateLegal("legal_clauses", {
    successMessage: "Clause saved",
    errorMessage: "Could not save the clause",
  });
  const form = useRecordForm({
    defaultValues: toClauseFormValues(clause),
    toPayload: toClausePayload,
    schema: clause ? clauseUpdateSchema : clauseInsertSchema,
    submit: async (payload) =>
      clause && version
        ? update.mutateAsync({ id: clause.id, version, changes: payload })
        : create.mutateAsync(payload as Parameters<typeof create.mutateAsync>[0]),
  });
  const reload = async () => {
    if (!clause) return;
    const fresh = await readRecord("legal_clauses", clause.id, { count: "exact" });
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toClauseFormValues(fresh));
  };
  return (
    <RecordForm
      form={form}
      submitLabel={clause ? "Save Changes" : "Create Clause"}
      onSaved={onClose}
      onCancel={onClose}
      onReload={reload}
    >
      <TextField name="title" label="Title" autoComplete="off" />
      <TextField name="slug" label="Slug" placeholder="confidentiality_standard_v1" autoComplete="off" />
      <TextareaField name="body_md" label="Text (markdown)" rows={6} />
      <TagField<ClauseFormValues> name="tags" label="Tags" itemName="tag" />
    </RecordForm>
  );
}
