import { postgrestErrorSchema } from "@app/contracts";
import { z } from "zod";
import { StaleRecordError } from "@/lib/postgrest";

const errorResponseSchema = z.object({ status: z.number(), body: z.unknown() });
const messageBodySchema = z.object({ message: z.string().min(1) });

/**
 * The one place that turns a failed API call (a ts-rest error response or a network error) into words
 * for a person. The server's own message is used when it sent one; it is written for end users.
 */
export function describeApiError(error: unknown): string {
  if (error instanceof StaleRecordError) return error.message;
  if (isAuthError(error)) return describeAuthError(error);
  const response = errorResponseSchema.safeParse(error);
  if (!response.success) {
    return "We could not reach the server. Check your connection and try again.";
  }
  const { status, body } = response.data;
  if (status === 429) return "Too many attempts from your connection. Please wait a minute and try again.";
  if (status >= 500) return "Something went wrong on our side. Please try again in a moment.";
  const postgrest = postgrestErrorSchema.safeParse(body);
  if (postgrest.success) return postgrest.data.message;
  const plain = messageBodySchema.safeParse(body);
  if (plain.success) return plain.data.message;
  return "The request could not be completed. Please try again.";
}

type AuthErrorLike = Error & { status: number; code: string };

/** @app/auth-client's AuthError, told apart by name so public pages need not load the auth client. */
export function isAuthError(error: unknown): error is AuthErrorLike {
  return error instanceof Error && error.name === "AuthError" && "status" in error && "code" in error;
}

/** The auth server writes its messages for people; only a failed connection needs our own words. */
function describeAuthError(error: AuthErrorLike): string {
  if (error.code === "network_error")
    return "We could not reach the server. Check your connection and try again.";
  if (error.status >= 500) return "Something went wrong on our side. Please try again in a moment.";
  if (error.code === "insufficient_aal") {
    return "This needs a sign-in confirmed with your authenticator app: sign out, sign in again and enter the code.";
  }
  return error.message;
}
