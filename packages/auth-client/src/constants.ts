/** The product's fixed timings; exported so tests and callers speak the same numbers. */
export const AUTO_REFRESH_TICK_MS = 30_000;
/** Refresh once this little (or less) of the access token's life remains. */
export const REFRESH_THRESHOLD_MS = 90_000;
export const RETRY_FIRST_DELAY_MS = 200;
/** A retry is only started while it would begin within this window of the first attempt. */
export const RETRY_WINDOW_MS = 30_000;

/** A crashed tab's storage lease must not block the others for longer than one retry window. */
export const STORAGE_LEASE_MS = 35_000;
export const STORAGE_LEASE_POLL_MS = 50;
/** Time for a competing tab's lease write to land before we trust our own. */
export const STORAGE_LEASE_SETTLE_MS = 20;

export const DEFAULT_STORAGE_KEY = "app-auth-token";
/** Makes GoTrue answer errors as `{code, message}`, the shape auth-js receives. */
export const API_VERSION_HEADER = { "x-supabase-api-version": "2024-01-01" } as const;
