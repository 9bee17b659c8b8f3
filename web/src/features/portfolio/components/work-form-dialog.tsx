import type { MediaKind } from "@app/contracts";
import { useState } from "react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { TagField } from "@/components/form/tag-field";
import { useRecordForm } from "@/components/form/use-record-form";
import { NativeSelect } from "@/components/ui/native-select";
import type { PortfolioItem } from "@/features/portfolio/api/list-portfolio-works";
import { discardMedia, type PickedMedia, uploadWorkMedia } from "@/features/portfolio/api/work-media";
import { useAddPortfolioItem, useUpdatePortfolioItem } from "@/features/portfolio/api/write-portfolio-item";
import { ExternalLinksEditor } from "@/features/portfolio/components/external-links-editor";
import { WorkMediaFields } from "@/features/portfolio/components/work-media-fields";
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

/** Add Work (every field of a work) and the edit dialog (title, role, description, tags, codes, media). */
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
const { Field, TextField, TextareaField } = fieldsFor<WorkFormValues>();

function WorkForm({ work, talentId, onReload, onClose }: WorkFormProps) {
  // The version this form was filled from: the save is refused if the work has moved on since.
  const [version, setVersion] = useState(work?.updated_at);
  const add = useAddPortfolioItem();
  const update = useUpdatePortfolioItem();
  // A new work's id is chosen here, so its files can be uploaded into its folder before it is saved.
  const [newWorkId] = useState(() => crypto.randomUUID());
  const [picked, setPicked] = useState<PickedMedia>({});
  const form = useRecordForm({
    defaultValues: toWorkFormValues(work),
    toPayload: (values: WorkFormValues) => (work ? toWorkChanges(values) : toNewWork(values, talentId)),
    formPathOf: workFormPathOf,
    schema: work ? workUpdateSchema : workInsertSchema,
    submit: async (payload) => {
      const uploaded = await uploadWorkMedia(work?.id ?? newWorkId, picked);
      const changes = { ...payload, ...uploaded };
      try {
        await (work && version
          ? update.mutateAsync({ id: work.id, version, changes })
          : add.mutateAsync({ ...changes, id: newWorkId } as Parameters<typeof add.mutateAsync>[0]));
      } catch (error) {
        await discardMedia(Object.values(uploaded));
        throw error;
      }
      setPicked({});
      // The files the saved work no longer points at: the ones it was read with, replaced or removed.
      const read = form.form.formState.defaultValues;
      const kept = [changes.cover_path, changes.audio_path];
      await discardMedia([read?.cover_path, read?.audio_path].filter((path) => !kept.includes(path)));
    },
  });
  const pick = (kind: MediaKind, file: File | null) => setPicked((current) => ({ ...current, [kind]: file }));
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
        <TextField name="title" label="Title" className="sm:col-span-2" autoComplete="off" />
        <TextField name="role" label="Role" placeholder="e.g. Co-writer & Producer" autoComplete="off" />
        {isNew ? (
          <TextField name="year" label="Year" type="number" inputMode="numeric" min={1900} max={2100} />
        ) : null}
        {isNew ? (
          <Field name="status" label="Status">
            {(control) => (
              <NativeSelect {...control}>
                {WORK_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        ) : null}
      </div>
      <TextareaField name="description" label="Description" isOptional rows={4} />
      <TagField<WorkFormValues> name="tags" label="Tags" itemName="tag" />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField name="isrc" label="ISRC" isOptional placeholder="CC-XXX-YY-NNNNN" autoComplete="off" />
        <TextField name="upc" label="UPC/EAN" isOptional inputMode="numeric" autoComplete="off" />
        <TextField name="iswc" label="ISWC" isOptional placeholder="T1234567890" autoComplete="off" />
      </div>
      <WorkMediaFields picked={picked} onPick={pick} />
      {isNew ? <ExternalLinksEditor /> : null}
    </RecordForm>
  );
}
