import { useState } from "react";
import { fieldFor } from "@/components/form/controlled-field";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { TagField } from "@/components/form/tag-field";
import { useRecordForm } from "@/components/form/use-record-form";
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
  type WorkFormValues,
  workFormPathOf,
  workInsertSchema,
  workUpdateSchema,
} from "@/features/portfolio/utils/work-form";

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
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={work ? "Edit portfolio item" : "Add work"}
      description={
        work ? "Changes are saved to the talent's portfolio." : "A new work in this talent's portfolio."
      }
    >
      <WorkForm work={work} onClose={() => onOpenChange(false)} {...rest} />
    </RecordFormDialog>
  );
}

type WorkFormProps = Omit<WorkFormDialogProps, "open" | "onOpenChange"> & { onClose(): void };
const WorkField = fieldFor<WorkFormValues>();

function WorkForm({ work, talentId, onReload, onClose }: WorkFormProps) {
  // The version this form was filled from: the save is refused if the work has moved on since.
  const [version, setVersion] = useState(work?.updated_at);
  const add = useAddPortfolioItem();
  const update = useUpdatePortfolioItem();
  const form = useRecordForm({
    defaultValues: toWorkFormValues(work),
    toPayload: (values: WorkFormValues) => (work ? toWorkChanges(values) : toNewWork(values, talentId)),
    formPathOf: workFormPathOf,
    schema: work ? workUpdateSchema : workInsertSchema,
    submit: (payload) =>
      work && version
        ? update.mutateAsync({ id: work.id, version, changes: payload })
        : add.mutateAsync(payload as Parameters<typeof add.mutateAsync>[0]),
  });
  const isNew = !work;

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toWorkFormValues(fresh));
  };

  return (
    <RecordForm
      form={form}
      submitLabel={isNew ? "Add Work" : "Save Changes"}
      onSaved={onClose}
      onCancel={onClose}
      onReload={reload}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <WorkField name="title" label="Title" className="sm:col-span-2">
          {(control) => <Input {...control} autoComplete="off" />}
        </WorkField>
        <WorkField name="role" label="Role">
          {(control) => <Input {...control} placeholder="e.g. Co-writer & Producer" autoComplete="off" />}
        </WorkField>
        {isNew ? (
          <WorkField name="year" label="Year">
            {(control) => <Input {...control} type="number" inputMode="numeric" min={1900} max={2100} />}
          </WorkField>
        ) : null}
        {isNew ? (
          <WorkField name="status" label="Status">
            {(control) => (
              <NativeSelect {...control}>
                {WORK_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </NativeSelect>
            )}
          </WorkField>
        ) : null}
      </div>
      <WorkField name="description" label="Description" isOptional>
        {(control) => <Textarea {...control} rows={4} />}
      </WorkField>
      <TagField<WorkFormValues> name="tags" label="Tags" itemName="tag" />
      <div className="grid gap-4 sm:grid-cols-3">
        <WorkField name="isrc" label="ISRC" isOptional>
          {(control) => <Input {...control} placeholder="CC-XXX-YY-NNNNN" autoComplete="off" />}
        </WorkField>
        <WorkField name="upc" label="UPC/EAN" isOptional>
          {(control) => <Input {...control} inputMode="numeric" autoComplete="off" />}
        </WorkField>
        <WorkField name="iswc" label="ISWC" isOptional>
          {(control) => <Input {...control} placeholder="T1234567890" autoComplete="off" />}
        </WorkField>
      </div>
      {isNew ? <ExternalLinksEditor /> : null}
    </RecordForm>
  );
}
