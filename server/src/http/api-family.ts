import type { AppError } from "./app-error";

export type ApiFamily = "auth" | "rest" | "api";

export function apiFamilyOf(path: string): ApiFamily | undefined {
  if (path.startsWith("/auth/v1")) return "auth";
  if (path.startsWith("/rest/v1")) return "rest";
  if (path.startsWith("/api/") || path === "/api" || path === "/health") return "api";
  return undefined;
}

/** PostgREST's codes for the statuses we answer with. */
const restCodes: Record<number, string> = {
  400: "PGRST100",
  401: "PGRST301",
  403: "42501",
  404: "PGRST205",
  405: "PGRST117",
  406: "PGRST116",
  413: "PGRST413",
  415: "PGRST107",
  429: "PGRST429",
};

/** GoTrue's error codes for statuses raised without one. */
const authCodes: Record<number, string> = {
  400: "validation_failed",
  401: "no_authorization",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  413: "request_too_large",
  415: "validation_failed",
  422: "validation_failed",
  429: "over_request_rate_limit",
};

export interface ErrorRenderContext {
  /** auth-js sends X-Supabase-Api-Version: 2024-01-01 and expects the newer body. */
  authApiVersion?: string;
}

export function renderError(family: ApiFamily, err: AppError, ctx: ErrorRenderContext = {}): unknown {
  const { code, details = null, hint = null, extra = {}, gateway } = err.options;
  if (gateway) return { message: err.message };
  if (family === "rest") {
    return { code: code ?? restCodes[err.status] ?? "PGRST000", message: err.message, details, hint };
  }
  if (family === "auth") {
    const errorCode = code ?? authCodes[err.status] ?? "unexpected_failure";
    if (ctx.authApiVersion && ctx.authApiVersion >= "2024-01-01") {
      return { code: errorCode, message: err.message, ...extra };
    }
    return { code: err.status, error_code: errorCode, msg: err.message, ...extra };
  }
  return { code: code ?? `http_${err.status}`, message: err.message };
}
