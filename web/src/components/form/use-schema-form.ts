import { zodResolver } from "@hookform/resolvers/zod";
import { type FormEvent, useCallback, useEffect, useId, useRef } from "react";
import { type DefaultValues, type FieldValues, type Path, type PathValue, useForm } from "react-hook-form";
import type { z } from "zod";
import { focusFirstInvalidSoon } from "@/components/form/focus-first-invalid";
import { errorAt } from "@/components/form/record-resolver";
import { describeApiError } from "@/lib/api-errors";
import { toast } from "@/lib/toast";

type AnySchema = z.ZodType<unknown, z.ZodTypeDef, FieldValues>;
type FieldName<TValues> = Extract<keyof TValues, string>;

export type SchemaFormOptions<TSchema extends AnySchema> = {
  schema: TSchema;
  initialValues: z.input<TSchema>;
  /** Sends the parsed values; resolve on success, throw (e.g. a ts-rest error response) on failure. */
  submit: (values: z.output<TSchema>) => Promise<unknown>;
  success: { title: string; description: string };
  failureTitle: string;
};

/**
 * The public forms on react-hook-form: validated with the contract's zod schema (the server runs the same
 * one), the first error per field inline and focus on the first invalid field, a busy flag while the
 * request runs, the outcome toasted and the form cleared on success. Their fields are plain controlled
 * inputs (textField) so a prerendered page keeps working markup before the app hydrates.
 */
export function useSchemaForm<TSchema extends AnySchema>(options: SchemaFormOptions<TSchema>) {
  type Values = z.input<TSchema>;
  const { schema, initialValues, submit, success, failureTitle } = options;
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<Values, unknown, z.output<TSchema>>({
    defaultValues: initialValues as DefaultValues<Values>,
    resolver: zodResolver(schema),
    shouldFocusError: false,
  });
  const values = form.watch();
  const { errors: fieldErrors, isSubmitting } = form.formState;

  const setValue = useCallback(
    <K extends FieldName<Values>>(name: K, value: Values[K]) => {
      form.setValue(name as unknown as Path<Values>, value as PathValue<Values, Path<Values>>);
      form.clearErrors(name as unknown as Path<Values>);
    },
    [form],
  );

  // Text typed into a prerendered form before the app hydrated it stays in the fields (React keeps it) but
  // is not in state: take it over once, so what the visitor sees is what gets checked and sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first render's fields can hold such text.
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    for (const [name, initial] of Object.entries(initialValues as Record<string, unknown>)) {
      const control = element.elements.namedItem(name);
      const isText =
        control instanceof HTMLTextAreaElement ||
        control instanceof HTMLSelectElement ||
        (control instanceof HTMLInputElement && control.type !== "checkbox" && control.type !== "radio");
      if (isText && typeof initial === "string" && control.value !== initial)
        setValue(name as FieldName<Values>, control.value as Values[FieldName<Values>]);
    }
  }, []);

  const errors = Object.fromEntries(
    Object.keys(fieldErrors).map((name) => [name, errorAt(fieldErrors, name)]),
  ) as Partial<Record<FieldName<Values>, string>>;

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
      value: String((values as Record<string, unknown>)[name] ?? ""),
      onChange: (event: { target: { value: string } }) =>
        setValue(name, event.target.value as Values[typeof name]),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? errorId : undefined,
    };
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    await form.handleSubmit(
      async (parsed) => {
        try {
          await submit(parsed);
          toast.success(success.title, { description: success.description });
          form.reset(initialValues as Values);
        } catch (error) {
          toast.error(failureTitle, { description: describeApiError(error) });
        }
      },
      () => focusFirstInvalidSoon(formRef),
    )();
  };

  return { formRef, values, errors, isSubmitting, setValue, fieldIds, textField, handleSubmit };
}
