/**
 * The one error type. Services throw it; the error middleware turns it into the answer of the API family
 * the request belongs to (PostgREST's body under /rest/v1, GoTrue's under /auth/v1, a plain one elsewhere).
 */
export interface AppErrorOptions {
  /** Machine code: GoTrue's error_code (e.g. invalid_credentials) or PostgREST's (e.g. PGRST100). */
  code?: string;
  details?: string | null;
  hint?: string | null;
  headers?: Record<string, string>;
  /** Extra top-level fields of the body (GoTrue's weak_password reasons). */
  extra?: Record<string, unknown>;
  /** Answer with the API gateway's bare `{message}` body, as supabase's gateway does for key errors. */
  gateway?: boolean;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get code() {
    return this.options.code;
  }

  static badRequest(message: string, options?: AppErrorOptions) {
    return new AppError(400, message, options);
  }
  static unauthorized(message: string, options?: AppErrorOptions) {
    return new AppError(401, message, options);
  }
  static forbidden(message: string, options?: AppErrorOptions) {
    return new AppError(403, message, options);
  }
  static notFound(message: string, options?: AppErrorOptions) {
    return new AppError(404, message, options);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number, options: AppErrorOptions = {}) {
    return new AppError(429, message, {
      ...options,
      headers: { ...options.headers, "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}
