import {
  FEE_MODELS,
  PROJECT_KINDS,
  PROJECT_START_STATUSES,
  PROJECT_STATUS_LABELS,
  PROJECT_TRANSITIONS,
  type ProjectStatus,
  VAT_RATES,
} from "@app/contracts";
import { useState } from "react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import { useClientOptions, useDocumentOptions } from "@/features/projects/api/list-options";
import type { Project } from "@/features/projects/api/list-projects";
import { useInsertProjectRow, useUpdateProjectRow } from "@/features/projects/api/project-writes";
import { PersonPicker } from "@/features/projects/components/person-picker";
import {
  type ProjectFormValues,
  projectInsertSchema,
  projectUpdateSchema,
  toProjectFormValues,
  toProjectPayload,
} from "@/features/projects/utils/project-form";
import { FEE_MODEL_LABELS, PROJECT_KIND_LABELS } from "@/features/projects/utils/project-labels";

type ProjectFormDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The project to edit, as last read; none to add one. */
  project?: Project | null;
  onSaved?(project: Project): void;
  onReload?(): Promise<Project | null | undefined>;
};

export function ProjectFormDialog({ open, onOpenChange, project, ...rest }: ProjectFormDialogProps) {
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={project ? `Edit ${project.code}` : "New Project"}
      description="Budget in Swedish kronor (SEK); the code is given when the project is created."
    >
      <ProjectForm project={project} onClose={() => onOpenChange(false)} {...rest} />
    </RecordFormDialog>
  );
}

const { Field, TextField, TextareaField, SelectField } = fieldsFor<ProjectFormValues>();

/** The statuses a project may take now: where it is and where its lifecycle lets it go. */
const statusOptions = (current?: ProjectStatus) =>
  (current ? [current, ...PROJECT_TRANSITIONS[current]] : PROJECT_START_STATUSES).map((status) => ({
    value: status,
    label: PROJECT_STATUS_LABELS[status],
  }));

type ProjectFormProps = Omit<ProjectFormDialogProps, "open" | "onOpenChange"> & { onClose(): void };

function ProjectForm({ project, onSaved, onReload, onClose }: ProjectFormProps) {
  const [version, setVersion] = useState(project?.updated_at);
  const clients = useClientOptions();
  const documents = useDocumentOptions();
  const create = useInsertProjectRow("projects", {
    successMessage: "Project created",
    errorMessage: "Could not create the project",
  });
  const update = useUpdateProjectRow("projects", {
    successMessage: "Changes saved",
    errorMessage: "Could not save the project",
  });
  const form = useRecordForm({
    defaultValues: toProjectFormValues(project),
    toPayload: toProjectPayload,
    schema: project ? projectUpdateSchema : projectInsertSchema,
    submit: async (payload) => {
      const saved =
        project && version
          ? await update.mutateAsync({ id: project.id, version, changes: payload })
          : await create.mutateAsync(payload as Parameters<typeof create.mutateAsync>[0]);
      onSaved?.(saved);
    },
  });

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toProjectFormValues(fresh));
  };

  return (
    <RecordForm
      editing={project ? { table: "projects", id: project.id } : undefined}
      form={form}
      submitLabel={project ? "Save Changes" : "Create Project"}
      onSaved={onClose}
      onCancel={onClose}
      onReload={reload}
    >
      <TextField name="title" label="Title" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="kind"
          label="Kind"
          options={PROJECT_KINDS.map((kind) => ({ value: kind, label: PROJECT_KIND_LABELS[kind] }))}
        />
        <SelectField name="status" label="Status" options={statusOptions(project?.status)} />
        <SelectField
          name="company_id"
          label="Client company"
          isOptional
          options={[
            { value: "", label: "No company" },
            ...(clients.data ?? []).map((company) => ({ value: company.id, label: company.name })),
          ]}
        />
        <Field name="contact_id" label="Client contact" isOptional>
          {(control) => <PersonPicker {...control} noneLabel="No contact" />}
        </Field>
        <TextField name="start_date" label="Start" isOptional type="date" />
        <TextField name="due_date" label="Due" isOptional type="date" />
        <TextField name="budget" label="Budget (SEK)" inputMode="decimal" autoComplete="off" />
        <SelectField
          name="fee_model"
          label="Fee model"
          options={FEE_MODELS.map((model) => ({ value: model, label: FEE_MODEL_LABELS[model] }))}
        />
        <SelectField
          name="default_vat_rate"
          label="Default VAT"
          options={VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
        />
        <SelectField
          name="legal_document_id"
          label="Signed contract"
          isOptional
          options={[
            { value: "", label: "No contract" },
            ...(documents.data ?? []).map((document) => ({ value: document.id, label: document.title })),
          ]}
        />
      </div>
      <TextareaField name="notes" label="Notes" isOptional rows={3} />
    </RecordForm>
  );
}
