import { AppError } from "../../http/app-error";

/** A data-API error in PostgREST's terms: its code, message and details (400 unless told otherwise). */
export function restError(
  code: string,
  message: string,
  options: { details?: string | null; hint?: string | null; status?: number } = {},
): AppError {
  return new AppError(options.status ?? 400, message, {
    code,
    details: options.details ?? null,
    hint: options.hint ?? null,
  });
}
