import { useState } from "react";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { HandRecordForm as RecordForm } from "@/components/form/hand-record-form";
import { TagInput } from "@/components/form/tag-input";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import type { PortfolioItem } from "@/features/portfolio/api/list-portfolio-works";
import { useAddPortfolioItem, useUpdatePortfolioItem } from "@/features/portfolio/api/write-portfolio-item";
import { ExternalLinksEditor } from "@/features/portfolio/components/external-links-editor";
import {
  toNewWork,
  toWorkChanges,
  toWorkFormValues,
  WORK_STATUSES,
  workInsertSchema,
  workUpdateSchema,
} from "@/features/portfolio/utils/work-form";
import { useRecordForm } from "@/lib/use-record-form";

type WorkFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The talent whose portfolio a new work joins. */
  talentId: string;
  /** The work to edit, as last read; none to add one. */
  work?: PortfolioItem | null;
  /** Reads the work again (after a refused, stale save). */
  onReload?(): Promise<PortfolioItem | null | undefined>;
};

/** Add Work (every field of a work) and the edit dialog (title, role, description, tags and codes). */
export function WorkFormDialog({ open, onOpenChange, work, ...rest }: WorkFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{work ? "Edit portfolio item" : "Add work"}</DialogTitle>
          <DialogDescription>
            {work ? "Changes are saved to the talent's portfolio." : "A new work in this talent's portfolio."}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the work as last read. */}
        {open ? <WorkForm work={work} onClose={() => onOpenChange(false)} {...rest} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type WorkFormProps = Omit<WorkFormDialogProps, "open" | "onOpenChange"> & { onClose(): void };

function WorkForm({ work, talentId, onReload, onClose }: WorkFormProps) {
  // The version this form was filled from: the save is refused if the work has moved on since.
  const [version, setVersion] = useState(work?.updated_at);
  const add = useAddPortfolioItem();
  const update = useUpdatePortfolioItem();
  const form = useRecordForm({
    initialValues: toWorkFormValues(work),
    toPayload: (values) => (work ? toWorkChanges(values) : toNewWork(values, talentId)),
    schema: work ? workUpdateSchema : workInsertSchema,
    submit: (payload) =>
      work && version
        ? update.mutateAsync({ id: work.id, version, changes: payload })
        : add.mutateAsync(payload as Parameters<typeof add.mutateAsync>[0]),
  });
  const { values, errors, setValue, textField, fieldIds } = form;
  const isNew = !work;

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toWorkFormValues(fresh));
  };

  return (
    <RecordForm form={form} onSaved={onClose} onReload={reload}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fieldIds("title")} label="Title" error={errors.title} className="sm:col-span-2">
          <Input {...textField("title")} autoComplete="off" />
        </FormField>
        <FormField {...fieldIds("role")} label="Role" error={errors.role}>
          <Input {...textField("role")} placeholder="e.g. Co-writer & Producer" autoComplete="off" />
        </FormField>
        {isNew ? (
          <FormField {...fieldIds("year")} label="Year" error={errors.year}>
            <Input {...textField("year")} type="number" inputMode="numeric" min={1900} max={2100} />
          </FormField>
        ) : null}
        {isNew ? (
          <FormField {...fieldIds("status")} label="Status" error={errors.status}>
            <NativeSelect {...textField("status")}>
              {WORK_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
      </div>
      <FormField {...fieldIds("description")} label="Description" error={errors.description} isOptional>
        <Textarea {...textField("description")} rows={4} />
      </FormField>
      <TagInput tags={values.tags} onChange={(tags) => setValue("tags", tags)} error={errors.tags} />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField {...fieldIds("isrc")} label="ISRC" error={errors.isrc} isOptional>
          <Input {...textField("isrc")} placeholder="CC-XXX-YY-NNNNN" autoComplete="off" />
        </FormField>
        <FormField {...fieldIds("upc")} label="UPC/EAN" error={errors.upc} isOptional>
          <Input {...textField("upc")} inputMode="numeric" autoComplete="off" />
        </FormField>
        <FormField {...fieldIds("iswc")} label="ISWC" error={errors.iswc} isOptional>
          <Input {...textField("iswc")} placeholder="T1234567890" autoComplete="off" />
        </FormField>
      </div>
      {isNew ? (
        <ExternalLinksEditor
          links={values.external_links}
          onChange={(links) => setValue("external_links", links)}
          error={errors.external_links}
          errorId={fieldIds("external_links").errorId}
        />
      ) : null}
      <FormFooter
        isBusy={form.isSubmitting}
        submitLabel={isNew ? "Add Work" : "Save Changes"}
        formError={form.formError}
        onCancel={onClose}
      />
    </RecordForm>
  );
}
