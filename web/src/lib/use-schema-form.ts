import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { z } from "zod";
import { describeApiError } from "@/lib/api-errors";
import { toast } from "@/lib/toast";

type AnySchema = z.ZodType<unknown, z.ZodTypeDef, Record<string, unknown>>;
type FieldName<TValues> = Extract<keyof TValues, string>;
type FieldErrors<TValues> = Partial<Record<FieldName<TValues>, string>>;

export type SchemaFormOptions<TSchema extends AnySchema> = {
  schema: TSchema;
  initialValues: z.input<TSchema>;
  /** Sends the parsed values; resolve on success, throw (e.g. a ts-rest error response) on failure. */
  submit: (values: z.output<TSchema>) => Promise<unknown>;
  success: { title: string; description: string };
  failureTitle: string;
};

/**
 * Shared behaviour of the public forms: validate with the contract's zod schema (the server runs the same
 * one), show the first error per field inline and focus the first invalid field, keep a busy flag while
 * the request runs, toast the outcome and clear the form on success.
 */
export function useSchemaForm<TSchema extends AnySchema>(options: SchemaFormOptions<TSchema>) {
  type Values = z.input<TSchema>;
  const { schema, initialValues, submit, success, failureTitle } = options;
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  const setValue = useCallback(<K extends FieldName<Values>>(name: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  // Text typed into a prerendered form before the app hydrated it stays in the fields (React keeps it) but
  // is not in state: take it over once, so what the visitor sees is what gets checked and sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render's fields can hold such text.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, initial] of Object.entries(initialValues as Record<string, unknown>)) {
      const control = form.elements.namedItem(name);
      const isText =
        control instanceof HTMLTextAreaElement ||
        control instanceof HTMLSelectElement ||
        (control instanceof HTMLInputElement && control.type !== "checkbox" && control.type !== "radio");
      if (isText && typeof initial === "string" && control.value !== initial)
        setValue(name as FieldName<Values>, control.value as Values[FieldName<Values>]);
    }
  }, []);

  const fieldIds = (name: FieldName<Values>) => ({
    id: `${idPrefix}-${name}`,
    errorId: `${idPrefix}-${name}-error`,
  });

  /** Props for a text-like control: spread onto Input, Textarea or NativeSelect. */
  const textField = (name: FieldName<Values>) => {
    const { id, errorId } = fieldIds(name);
    const error = errors[name];
    return {
      id,
      name,
      value: String(values[name] ?? ""),
      onChange: (event: { target: { value: string } }) =>
        setValue(name, event.target.value as Values[typeof name]),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? errorId : undefined,
    };
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: FieldErrors<Values> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName<Values> | undefined;
        if (name && !fieldErrors[name]) fieldErrors[name] = issue.message;
      }
      flushSync(() => setErrors(fieldErrors));
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      await submit(parsed.data);
      toast.success(success.title, { description: success.description });
      setValues(initialValues);
    } catch (error) {
      toast.error(failureTitle, { description: describeApiError(error) });
    } finally {
      setIsSubmitting(false);
    }
  };

  return { formRef, values, errors, isSubmitting, setValue, fieldIds, textField, handleSubmit };
}
