import { useRef, useState } from "react";
import { type DefaultValues, type FieldValues, get, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { focusFirstInvalidSoon } from "@/components/form/focus-first-invalid";
import { FORM_ERROR, recordResolver } from "@/components/form/record-resolver";
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

export type RecordFormOptions<V extends FieldValues, P> = {
  defaultValues: V;
  /** The form's text turned into the API's values (nulls for blanks, numbers), before validation. */
  toPayload(values: V): unknown;
  /** The table's own insert or update schema from @app/contracts: the server runs the same one. */
  schema: z.ZodType<P, z.ZodTypeDef, unknown>;
  /** Sends the parsed values; rejects with the API's answer (or StaleRecordError) when refused. */
  submit(payload: P): Promise<unknown>;
  /**
   * Where a problem the schema found in the payload sits in the form, when the two differ (a list whose
   * wholly blank rows are left out of the payload); the payload's own path by default.
   */
  formPathOf?(payloadPath: string[], values: V): string[];
  /**
   * Turns a refusal into one the form can place (a problem list under the body); answer null to let
   * the form place it (a column's problem next to its field, anything else above the buttons).
   */
  placeError?(error: unknown): { field: string; message: string } | null;
};

/**
 * The back office's record forms on react-hook-form: fields named after their columns, validated with the
 * table's zod schema, the first error per field shown inline (the server's too, next to the column it
 * names), focus on the first invalid field, and a stale save (someone else saved first) reported as such so
 * the form can offer to reload. Outcome toasts come from the mutation's meta, not from here.
 */
export function useRecordForm<V extends FieldValues, P>(options: RecordFormOptions<V, P>) {
  const { defaultValues, toPayload, schema, submit, placeError, formPathOf } = options;
  const form = useForm<V, unknown, P>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver: recordResolver(schema, toPayload, formPathOf),
    // Focus goes to the first invalid control in reading order (below), which also covers list editors.
    shouldFocusError: false,
  });
  const [isStale, setIsStale] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = () => focusFirstInvalidSoon(formRef);

  const showFieldError = (field: string, message: string) => {
    // A "root." name is a problem the form places itself, beside no one field (under a group of them).
    if (field.startsWith("root.")) {
      form.setError(field as Path<V>, { type: "server", message });
      return true;
    }
    const value = get(form.getValues(), field);
    if (value === undefined) return false;
    form.setError((Array.isArray(value) ? `${field}.root` : field) as Path<V>, { type: "server", message });
    return true;
  };

  const save = async (payload: P) => {
    try {
      await submit(payload);
      return true;
    } catch (error) {
      if (error instanceof StaleRecordError) {
        setIsStale(true);
        return false;
      }
      const placed = placeError?.(error) ?? (error instanceof FieldProblem ? error : fieldErrorOf(error));
      if (!placed || !showFieldError(placed.field, placed.message)) {
        form.setError(FORM_ERROR as Path<V>, { type: "server", message: describeApiError(error) });
      }
      focusFirstInvalid();
      return false;
    }
  };

  /** Validates, then saves; answers whether the server accepted the save. */
  const handleSubmit = async () => {
    setIsStale(false);
    let isSaved = false;
    await form.handleSubmit(
      async (payload) => {
        isSaved = await save(payload);
      },
      () => focusFirstInvalid(),
    )();
    return isSaved;
  };

  /** Puts another version of the record in the form (after reloading a stale one). */
  const reset = (next: V) => {
    setIsStale(false);
    form.reset(next);
  };

  return { form, formRef, handleSubmit, reset, isStale };
}

export type RecordFormApi<V extends FieldValues, P> = ReturnType<typeof useRecordForm<V, P>>;
