export type WeakPasswordReason = "length" | "characters" | "pwned";

/** Status used when no HTTP answer exists (network failure, URL fragment error). */
export const NO_HTTP_STATUS = 0;

/** The one error type every client method returns; `status` is the HTTP status or 0 without one. */
export class AuthError extends Error {
  override readonly name = "AuthError";
  readonly status: number;
  readonly code: string;
  // `declare`: no own property unless the server sent reasons, so logs and equality checks stay clean.
  declare readonly reasons?: WeakPasswordReason[];
  /** From Retry-After, when the server said how long a refusal (a locked factor, a rate limit) lasts. */
  declare readonly retryAfterSeconds?: number;

  constructor(init: {
    message: string;
    status: number;
    code: string;
    reasons?: WeakPasswordReason[];
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    if (init.reasons) this.reasons = init.reasons;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** Error's own `message` is not enumerable; logs and JSON should still carry it. */
  toJSON() {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      reasons: this.reasons,
      retryAfterSeconds: this.retryAfterSeconds,
    };
  }
}

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/** Only transport failures and gateway errors are worth retrying; the server's own answers are final. */
export function isRetryableAuthError(error: AuthError): boolean {
  return error.code === "network_error" || RETRYABLE_STATUSES.has(error.status);
}

export function createNetworkError(cause: unknown): AuthError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new AuthError({
    message: `Network request failed: ${detail}`,
    status: NO_HTTP_STATUS,
    code: "network_error",
  });
}

export function createSessionMissingError(): AuthError {
  // Same status and wording as auth-js's AuthSessionMissingError, so messages read the same.
  return new AuthError({ message: "Auth session missing!", status: 400, code: "session_missing" });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readReasons(body: Record<string, unknown>): WeakPasswordReason[] | undefined {
  const weak = body.weak_password;
  if (!isRecord(weak) || !Array.isArray(weak.reasons)) return undefined;
  return weak.reasons.filter(
    (r): r is WeakPasswordReason => r === "length" || r === "characters" || r === "pwned",
  );
}

/**
 * Turns any non-2xx answer into an AuthError. GoTrue answers `{code: <status>, error_code, msg}` or, with the
 * API version header, `{code: <error_code>, message}`; gateways may answer `{message}` or plain text.
 */
export function parseAuthError(status: number, body: unknown, retryAfter?: string | null): AuthError {
  const fallbackMessage = `Request failed with status ${status}`;
  const retry = retryAfterOf(retryAfter);
  if (!isRecord(body)) {
    const text = typeof body === "string" && body.trim() !== "" ? body.trim().slice(0, 500) : fallbackMessage;
    return new AuthError({ message: text, status, code: "unexpected_failure", ...retry });
  }
  const code =
    typeof body.error_code === "string"
      ? body.error_code
      : typeof body.code === "string"
        ? body.code
        : "unexpected_failure";
  const message =
    typeof body.msg === "string"
      ? body.msg
      : typeof body.message === "string"
        ? body.message
        : typeof body.error_description === "string"
          ? body.error_description
          : fallbackMessage;
  const reasons = readReasons(body);
  return new AuthError({ message, status, code, ...(reasons ? { reasons } : {}), ...retry });
}

/** Only the delay-seconds form: the auth server never sends an HTTP date. */
function retryAfterOf(header: string | null | undefined): { retryAfterSeconds?: number } {
  if (!header || !/^\d+$/.test(header.trim())) return {};
  return { retryAfterSeconds: Number(header.trim()) };
}
