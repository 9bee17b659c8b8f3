import type { AppError } from "./app-error";
import { type ApiFamily, type CatalogueEntry, errorCatalogue, familyAnswer } from "./error-catalogue";

export type { ApiFamily } from "./error-catalogue";

export function apiFamilyOf(path: string): ApiFamily | undefined {
  if (path.startsWith("/auth/v1")) return "auth";
  if (path.startsWith("/rest/v1")) return "rest";
  if (path.startsWith("/storage/v1")) return "storage";
  if (path.startsWith("/api/") || path === "/api" || path === "/health") return "api";
  return undefined;
}

export interface ErrorRenderContext {
  /** auth-js sends X-Supabase-Api-Version: 2024-01-01 and expects the newer body. */
  authApiVersion?: string;
}

/** The status and body a family's clients expect for an error: the one place a family's shape is chosen. */
export function renderError(
  family: ApiFamily,
  err: AppError,
  ctx: ErrorRenderContext = {},
): { status: number; body: unknown } {
  const { details = null, hint = null, extra = {} } = err.options;
  const entry: CatalogueEntry = errorCatalogue[err.code];
  if (entry.gateway) return { status: err.status, body: { message: err.message } };
  const { code, status } = familyAnswer(family, err.code, err.status);
  if (family === "rest") return { status, body: { code, message: err.message, details, hint } };
  // Supabase Storage: the status as a string, and the code as both `code` and `error` (storage-js reads both).
  if (family === "storage")
    return { status, body: { statusCode: String(status), code, error: code, message: err.message } };
  if (family === "auth") {
    if (ctx.authApiVersion && ctx.authApiVersion >= "2024-01-01") {
      return { status, body: { code, message: err.message, ...extra } };
    }
    return { status, body: { code: status, error_code: code, msg: err.message, ...extra } };
  }
  return { status, body: { code, message: err.message } };
}
