import { LEGAL_TEMPLATE_CATEGORIES } from "@app/contracts";
import { Eye } from "lucide-react";
import { useId, useState } from "react";
import { z } from "zod";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { errorAt } from "@/components/form/record-resolver";
import { useRecordForm } from "@/components/form/use-record-form";
import { RenderedDocument } from "@/components/legal/rendered-document";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { usePreviewTemplate } from "@/features/legal/api/legal-mutations";
import { VariableRows } from "@/features/legal/components/variable-rows";
import { problemsOf } from "@/features/legal/utils/problems";
import {
  type TemplateFormValues,
  toTemplatePayload,
  toVariables,
} from "@/features/legal/utils/template-form";

type Problem = { message: string; problems: string[] };
type TemplatePayload = ReturnType<typeof toTemplatePayload>;

/** What a template needs before it is saved; the body's placeholders are the server's to check. */
const templateSchema = z
  .object({
    title: z.string().min(1, "A template needs a title"),
    body_md: z.string().refine((body) => body.trim() !== "", "A template needs a body"),
  })
  .passthrough() as unknown as z.ZodType<TemplatePayload, z.ZodTypeDef, unknown>;

const CATEGORY_OPTIONS = LEGAL_TEMPLATE_CATEGORIES.map((category) => ({ value: category, label: category }));
const { Field, TextField, SelectField, CheckboxField } = fieldsFor<TemplateFormValues>();

type TemplateFormProps = {
  initialValues: TemplateFormValues;
  submitLabel: string;
  onSubmit(payload: TemplatePayload): Promise<unknown>;
  onCancel(): void;
  onReload?(): Promise<unknown>;
};

function ProblemList({ id, problem }: { id: string; problem: Problem }) {
  return (
    <div id={id} className="grid gap-1 text-sm text-error-text">
      <p>{problem.message}</p>
      {problem.problems.length > 0 ? (
        <ul className="list-disc pl-5">
          {problem.problems.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A template's details, variables and markdown body, with a preview rendered by the server. */
export function TemplateForm({
  initialValues,
  submitLabel,
  onSubmit,
  onCancel,
  onReload,
}: TemplateFormProps) {
  const id = useId();
  // A body that names an undeclared variable or a missing clause: each problem listed under it.
  const [bodyProblem, setBodyProblem] = useState<Problem | null>(null);
  const preview = usePreviewTemplate();
  const form = useRecordForm({
    defaultValues: initialValues,
    toPayload: toTemplatePayload,
    schema: templateSchema,
    submit: onSubmit,
    placeError: (error) => {
      const problem = problemsOf(error);
      if (problem.problems.length === 0) return null;
      setBodyProblem(problem);
      return { field: "root.body", message: problem.message };
    },
  });
  const { getValues, formState } = form.form;
  const shownBodyProblem = errorAt(formState.errors, "root.body") ? bodyProblem : null;
  const bodyProblemsId = `${id}-body-problems`;

  const showPreview = () => {
    const values = getValues();
    preview.mutate({
      body_md: values.body_md,
      variables: toVariables(values.variables),
      category: values.category,
    });
  };
  const previewProblem = preview.error ? problemsOf(preview.error) : null;

  return (
    <RecordForm
      form={form}
      submitLabel={submitLabel}
      onCancel={onCancel}
      onReload={onReload}
      className="gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="title" label="Title" />
        <SelectField name="category" label="Category" options={CATEGORY_OPTIONS} />
      </div>
      <TextField name="description" label="Description" isOptional />
      <CheckboxField name="is_shared" label="Shared with the whole team" />
      <VariableRows />
      <Field name="body_md" label="Body (markdown)">
        {(control) => (
          <Textarea
            {...control}
            rows={14}
            className="font-mono"
            aria-invalid={control["aria-invalid"] ?? (shownBodyProblem ? true : undefined)}
            aria-describedby={control["aria-describedby"] ?? (shownBodyProblem ? bodyProblemsId : undefined)}
          />
        )}
      </Field>
      <p className="text-sm text-muted-foreground">
        Placeholders: {"{{key}}"}, a party's {"{{key.email}}"}, {"{{key.ipi}}"}, {"{{key.society}}"}, a
        clause's {"{{clause:slug}}"} and, in a split sheet, {"{{writers}}"}.
      </p>
      {shownBodyProblem ? <ProblemList id={bodyProblemsId} problem={shownBodyProblem} /> : null}
      <div className="grid gap-3">
        <Button type="button" variant="secondary" className="justify-self-start" onClick={showPreview}>
          {preview.isPending ? <Spinner /> : <Eye aria-hidden="true" />}
          Preview
        </Button>
        {previewProblem ? <ProblemList id={`${id}-preview-problems`} problem={previewProblem} /> : null}
        {preview.data && !preview.isError ? (
          <RenderedDocument html={preview.data} label="Template preview with sample values" />
        ) : null}
      </div>
    </RecordForm>
  );
}
