import type { AuthError } from "@app/auth-client";

/** Cached reads of the signed-in account; they go with the rest of the cache on sign-out. */
export const ACCOUNT_KEYS = {
  sessions: ["account", "sessions"],
  factors: ["account", "factors"],
} as const;

/** The auth client answers `{ data, error }`; React Query wants a value or a throw. */
export function expectAuth<T>(result: { data: T; error: null } | { data: unknown; error: AuthError }): T {
  if (result.error) throw result.error;
  return result.data as T;
}

/** For the calls that answer only `{ error }`. */
export function expectNoError(result: { error: AuthError | null }): void {
  if (result.error) throw result.error;
}
