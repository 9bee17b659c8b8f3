import type { z } from "zod";

/**
 * The table's own schema (the server's), plus one rule the screens add: these text columns may not be
 * left blank in a form (the API accepts an empty string; a person meant to type a name).
 */
export function requireText<T extends z.ZodTypeAny>(schema: T, fields: readonly string[]) {
  return schema.superRefine((value: Record<string, unknown>, ctx) => {
    for (const field of fields) {
      const text = value[field];
      if (typeof text === "string" && text.trim() === "") {
        ctx.addIssue({ code: "custom", path: [field], message: "Required" });
      }
    }
  });
}
