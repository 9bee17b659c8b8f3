import { zodResolver } from "@hookform/resolvers/zod";
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Resolver,
  set,
} from "react-hook-form";
import type { z } from "zod";

/** The key under which a problem no field owns is kept (shown above the form's buttons). */
export const FORM_ERROR = "root.form";

type Leaf = { path: string[]; error: FieldError };

function leavesOf(errors: object, path: string[] = []): Leaf[] {
  const leaves: Leaf[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object") continue;
    const here = [...path, key];
    if (typeof (value as FieldError).message === "string")
      leaves.push({ path: here, error: value as FieldError });
    else leaves.push(...leavesOf(value, here));
  }
  return leaves;
}

/**
 * The schema judges the API's values (a table's insert or update schema, the same one the server runs),
 * not the form's text, so its problems name columns and list positions. Each is put on the deepest part of
 * the form that holds that path (a row's field in a list editor, else the whole field: a strengths record
 * keyed by skill is one list in the form), first problem per place; one that names nothing the form holds
 * is the form's own.
 */
export function recordResolver<V extends FieldValues, P>(
  schema: z.ZodType<P, z.ZodTypeDef, unknown>,
  toPayload: (values: V) => unknown,
  formPathOf: (payloadPath: string[], values: V) => string[] = (payloadPath) => payloadPath,
): Resolver<V, unknown, P> {
  const resolve = zodResolver(schema as z.ZodType<P, z.ZodTypeDef, FieldValues>);
  return async (values, context, options) => {
    const result = await resolve(toPayload(values) as FieldValues, context, {
      ...options,
      // Native validation and field refs belong to the form's fields; the payload has its own shape.
      shouldUseNativeValidation: false,
    });
    if (Object.keys(result.errors).length === 0) return { values: result.values as P, errors: {} };
    const errors: FieldErrors<V> = {};
    for (const leaf of leavesOf(result.errors)) {
      const path = formPathOf(leaf.path, values);
      let depth = path.length;
      while (depth > 0 && get(values, path.slice(0, depth).join(".")) === undefined) depth -= 1;
      const held = path.slice(0, depth).join(".");
      // A list's own problem (too few rows) sits beside its rows' problems, as react-hook-form keeps it.
      const name = depth === 0 ? FORM_ERROR : Array.isArray(get(values, held)) ? `${held}.root` : held;
      if (!errorAt(errors, name)) set(errors, name, { type: leaf.error.type, message: leaf.error.message });
    }
    return { values: {}, errors };
  };
}

/** The message of the error kept at a field's path (react-hook-form nests them like the values). */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  const error: unknown = get(errors, name);
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === "string" ? message : undefined;
}
