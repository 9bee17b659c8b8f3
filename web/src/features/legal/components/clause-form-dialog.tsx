import { useState } from "react";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { HandRecordForm as RecordForm } from "@/components/form/hand-record-form";
import { TagInput } from "@/components/form/tag-input";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useCreateClause, useUpdateLegal } from "@/features/legal/api/legal-mutations";
import type { LegalClause } from "@/features/legal/api/legal-types";
import {
  clauseInsertSchema,
  clauseUpdateSchema,
  toClauseFormValues,
  toClausePayload,
} from "@/features/legal/utils/clause-form";
import { readRecord } from "@/lib/read-table";
import { useRecordForm } from "@/lib/use-record-form";

type ClauseFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The clause to edit, as last read; none to create one. */
  clause?: LegalClause | null;
};

/** New Clause / Create Clause, and a row's Edit. */
export function ClauseFormDialog({ open, onOpenChange, clause }: ClauseFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{clause ? "Edit Clause" : "New Clause"}</DialogTitle>
          <DialogDescription>Reusable text a template includes with {"{{clause:slug}}"}.</DialogDescription>
        </DialogHeader>
        {open ? <ClauseForm clause={clause} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ClauseForm({ clause, onClose }: { clause?: LegalClause | null; onClose(): void }) {
  const [version, setVersion] = useState(clause?.updated_at);
  const create = useCreateClause();
  const update = useUpdateLegal("legal_clauses", {
    successMessage: "Clause saved",
    errorMessage: "Could not save the clause",
  });
  const form = useRecordForm({
    initialValues: toClauseFormValues(clause),
    toPayload: toClausePayload,
    schema: clause ? clauseUpdateSchema : clauseInsertSchema,
    submit: async (payload) =>
      clause && version
        ? update.mutateAsync({ id: clause.id, version, changes: payload })
        : create.mutateAsync(payload as Parameters<typeof create.mutateAsync>[0]),
  });
  const { errors, textField, fieldIds } = form;
  const reload = async () => {
    if (!clause) return;
    const fresh = await readRecord("legal_clauses", clause.id, { count: "exact" });
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toClauseFormValues(fresh));
  };
  return (
    <RecordForm form={form} onSaved={onClose} onReload={reload}>
      <FormField {...fieldIds("title")} label="Title" error={errors.title}>
        <Input {...textField("title")} autoComplete="off" />
      </FormField>
      <FormField {...fieldIds("slug")} label="Slug" error={errors.slug}>
        <Input {...textField("slug")} placeholder="confidentiality_standard_v1" autoComplete="off" />
      </FormField>
      <FormField {...fieldIds("body_md")} label="Text (markdown)" error={errors.body_md}>
        <Textarea {...textField("body_md")} rows={6} />
      </FormField>
      <TagInput
        tags={form.values.tags}
        onChange={(tags) => form.setValue("tags", tags)}
        error={errors.tags}
      />
      <FormFooter
        isBusy={form.isSubmitting}
        submitLabel={clause ? "Save Changes" : "Create Clause"}
        formError={form.formError}
        onCancel={onClose}
      />
    </RecordForm>
  );
}
