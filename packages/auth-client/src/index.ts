export { AuthError, isRetryableAuthError, type WeakPasswordReason } from "./auth-error";
export {
  AUTO_REFRESH_TICK_MS,
  DEFAULT_STORAGE_KEY,
  REFRESH_THRESHOLD_MS,
  RETRY_FIRST_DELAY_MS,
  RETRY_WINDOW_MS,
} from "./constants";
export { type AuthClient, createAuthClient } from "./create-auth-client";
export type { AuthenticatorAssuranceLevel, EnrolledTotpFactor, MfaApi, MfaChallenge } from "./mfa";
export type * from "./types";
