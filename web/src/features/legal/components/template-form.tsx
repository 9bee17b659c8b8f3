import { LEGAL_TEMPLATE_CATEGORIES, type LegalTemplateCategory } from "@app/contracts";
import { Eye } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { ConflictNotice } from "@/components/form/conflict-notice";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { RenderedDocument } from "@/components/legal/rendered-document";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
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
import { fieldErrorOf, StaleRecordError } from "@/lib/postgrest";

type Problem = { message: string; problems: string[] };
const FIELDS = ["title", "description", "category", "variables", "body_md"] as const;

type TemplateFormProps = {
  initialValues: TemplateFormValues;
  submitLabel: string;
  onSubmit(payload: ReturnType<typeof toTemplatePayload>): Promise<unknown>;
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
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [bodyProblem, setBodyProblem] = useState<Problem | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isStale, setIsStale] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const preview = usePreviewTemplate();
  const set = (change: Partial<TemplateFormValues>) => setValues((previous) => ({ ...previous, ...change }));

  const showPreview = () =>
    preview.mutate({
      body_md: values.body_md,
      variables: toVariables(values.variables),
      category: values.category,
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.title.trim()) next.title = "A template needs a title";
    if (!values.body_md.trim()) next.body_md = "A template needs a body";
    setErrors(next);
    setBodyProblem(null);
    setFormError(null);
    setIsStale(false);
    if (Object.keys(next).length > 0) return;
    setIsBusy(true);
    try {
      await onSubmit(toTemplatePayload(values));
    } catch (error) {
      if (error instanceof StaleRecordError) setIsStale(true);
      else {
        const field = fieldErrorOf(error);
        const problem = problemsOf(error);
        // A body that names an undeclared variable or a missing clause: each problem listed under it.
        if (problem.problems.length > 0) setBodyProblem(problem);
        else if (field && (FIELDS as readonly string[]).includes(field.field)) {
          setErrors({ [field.field]: field.message });
        } else setFormError(problem.message);
      }
    } finally {
      setIsBusy(false);
    }
  };

  const ids = (name: string) => ({ id: `${id}-${name}`, errorId: `${id}-${name}-error` });
  const invalid = (name: (typeof FIELDS)[number]) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${name}-error` } : {};
  const previewProblem = preview.error ? problemsOf(preview.error) : null;

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...ids("title")} label="Title" error={errors.title}>
          <Input
            id={`${id}-title`}
            value={values.title}
            onChange={(e) => set({ title: e.target.value })}
            {...invalid("title")}
          />
        </FormField>
        <FormField {...ids("category")} label="Category" error={errors.category}>
          <NativeSelect
            id={`${id}-category`}
            value={values.category}
            onChange={(e) => set({ category: e.target.value as LegalTemplateCategory })}
            {...invalid("category")}
          >
            {LEGAL_TEMPLATE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField {...ids("description")} label="Description" error={errors.description} isOptional>
        <Input
          id={`${id}-description`}
          value={values.description}
          onChange={(e) => set({ description: e.target.value })}
          {...invalid("description")}
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.is_shared}
          onChange={(e) => set({ is_shared: e.target.checked })}
        />
        Shared with the whole team
      </label>
      <VariableRows
        rows={values.variables}
        onChange={(variables) => set({ variables })}
        error={errors.variables}
      />
      <FormField {...ids("body_md")} label="Body (markdown)" error={errors.body_md}>
        <Textarea
          id={`${id}-body_md`}
          rows={14}
          className="font-mono"
          value={values.body_md}
          onChange={(e) => set({ body_md: e.target.value })}
          aria-invalid={errors.body_md || bodyProblem ? true : undefined}
          aria-describedby={
            errors.body_md ? `${id}-body_md-error` : bodyProblem ? `${id}-body-problems` : undefined
          }
        />
      </FormField>
      <p className="text-sm text-muted-foreground">
        Placeholders: {"{{key}}"}, a party's {"{{key.email}}"}, {"{{key.ipi}}"}, {"{{key.society}}"}, a
        clause's {"{{clause:slug}}"} and, in a split sheet, {"{{writers}}"}.
      </p>
      {bodyProblem ? <ProblemList id={`${id}-body-problems`} problem={bodyProblem} /> : null}
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
      {isStale && onReload ? <ConflictNotice onReload={onReload} /> : null}
      <FormFooter isBusy={isBusy} submitLabel={submitLabel} formError={formError} onCancel={onCancel} />
    </form>
  );
}
