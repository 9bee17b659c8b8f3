import { type FormEvent, useCallback, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { z } from "zod";
import { describeApiError } from "@/lib/api-errors";
import { fieldErrorOf, StaleRecordError } from "@/lib/postgrest";

/** A refusal that belongs to one field (a poster the storage API refused): shown next to that field. */
export class FieldProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "FieldProblem";
  }
}

type FieldName<V> = Extract<keyof V, string>;
type FieldErrors<V> = Partial<Record<FieldName<V>, string>>;

export type RecordFormOptions<V extends Record<string, unknown>, P> = {
  initialValues: V;
  /** The form's text turned into the API's values (nulls for blanks, numbers), before validation. */
  toPayload(values: V): unknown;
  /** The table's own insert or update schema from @app/contracts: the server runs the same one. */
  schema: z.ZodType<P, z.ZodTypeDef, unknown>;
  /** Sends the parsed values; rejects with the API's answer (or StaleRecordError) when refused. */
  submit(payload: P): Promise<unknown>;
};

/**
 * The back office's record forms: fields named after their columns, validated with the table's zod
 * schema, the first error per field shown inline (the server's too, next to the column it names), and a
 * stale save (someone else saved first) reported as such so the form can offer to reload. Outcome toasts
 * come from the mutation's meta, not from here.
 */
export function useRecordForm<V extends Record<string, unknown>, P>(options: RecordFormOptions<V, P>) {
  const { initialValues, toPayload, schema, submit } = options;
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isStale, setIsStale] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const setValue = useCallback(<K extends FieldName<V>>(name: K, value: V[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
    setFormError(null);
    setIsStale(false);
  }, []);

  const fieldIds = (name: FieldName<V>) => ({
    id: `${idPrefix}-${name}`,
    errorId: `${idPrefix}-${name}-error`,
  });

  /** Props for a text-like control: spread onto Input, Textarea or NativeSelect. */
  const textField = (name: FieldName<V>) => {
    const { id, errorId } = fieldIds(name);
    const error = errors[name];
    return {
      id,
      name,
      value: String(values[name] ?? ""),
      onChange: (event: { target: { value: string } }) =>
        setValue(name, event.target.value as V[typeof name]),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? errorId : undefined,
    };
  };

  const showErrors = (next: FieldErrors<V>) => {
    flushSync(() => setErrors(next));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return false;
    setFormError(null);
    setIsStale(false);
    const parsed = schema.safeParse(toPayload(values));
    if (!parsed.success) {
      const fieldErrors: FieldErrors<V> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName<V> | undefined;
        if (name && name in values && !fieldErrors[name]) fieldErrors[name] = issue.message;
        else if (!name || !(name in values)) setFormError(issue.message);
      }
      showErrors(fieldErrors);
      return false;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      await submit(parsed.data);
      return true;
    } catch (error) {
      if (error instanceof StaleRecordError) {
        setIsStale(true);
        return false;
      }
      const fieldError = error instanceof FieldProblem ? error : fieldErrorOf(error);
      if (fieldError && fieldError.field in values) {
        showErrors({ [fieldError.field]: fieldError.message } as FieldErrors<V>);
      } else {
        setFormError(describeApiError(error));
      }
      return false;
    } finally {
      setIsSubmitting(false);
    }
  };

  return {
    formRef,
    values,
    errors,
    formError,
    isStale,
    isSubmitting,
    setValue,
    reset,
    fieldIds,
    textField,
    handleSubmit,
  };
}
