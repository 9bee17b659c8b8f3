import { AppError } from "./app-error";
import type { ErrorCode } from "./error-catalogue";

/** A data-API error in PostgREST's terms: its code (the catalogue's status unless told), message and details. */
export function restError(
  code: ErrorCode,
  message: string,
  options: { details?: string | null; hint?: string | null; status?: number } = {},
): AppError {
  return new AppError(code, message, {
    ...options,
    details: options.details ?? null,
    hint: options.hint ?? null,
  });
}
