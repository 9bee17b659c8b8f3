import { type ErrorCode, errorCatalogue } from "./error-catalogue";

/**
 * The one error type. Services throw it with a domain code from the error catalogue; the error middleware
 * turns it into the answer of the API family the request belongs to (PostgREST's body under /rest/v1,
 * GoTrue's under /auth/v1, a plain one elsewhere). A throw site never picks a family.
 */
export interface AppErrorOptions {
  /** A status other than the catalogue's, where one situation is answered differently by route (GoTrue does). */
  status?: number;
  details?: string | null;
  hint?: string | null;
  headers?: Record<string, string>;
  /** Extra top-level fields of the body (GoTrue's weak_password reasons). */
  extra?: Record<string, unknown>;
  /** Seconds until a refused request may be tried again: answered as Retry-After. */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = options.status ?? errorCatalogue[code].status;
    this.headers = { ...options.headers };
    if (options.retryAfterSeconds !== undefined) {
      this.headers["Retry-After"] = String(Math.max(1, Math.ceil(options.retryAfterSeconds)));
    }
  }
}
