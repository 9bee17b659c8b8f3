import { AuthError, NO_HTTP_STATUS } from "./auth-error";
import type { HistoryLike, LocationLike, RedirectType } from "./types";

export interface FragmentTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  /** Seconds since the epoch; absent in some GoTrue versions, then derived from expires_in. */
  expiresAt: number | null;
  type: RedirectType | null;
}

export type AuthFragment = { kind: "session"; tokens: FragmentTokens } | { kind: "error"; error: AuthError };

const REDIRECT_TYPES: readonly RedirectType[] = [
  "magiclink",
  "signup",
  "recovery",
  "email_change",
  "invite",
  "email",
];

/** Reads what GoTrue's verify redirect puts after `#`; any other fragment (an in-page anchor) is not ours. */
export function parseAuthFragment(hash: string): AuthFragment | null {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const errorCode = params.get("error_code");
  const errorName = params.get("error");
  if (errorName || errorCode) {
    const message = params.get("error_description") ?? errorName ?? "Sign-in link could not be used";
    return {
      kind: "error",
      error: new AuthError({
        message,
        status: NO_HTTP_STATUS,
        code: errorCode ?? errorName ?? "unexpected_failure",
      }),
    };
  }
  const accessToken = params.get("access_token");
  const refreshToken = params.get("refresh_token");
  const expiresIn = Number(params.get("expires_in"));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresIn) || expiresIn <= 0) return null;
  const expiresAtRaw = params.get("expires_at");
  const expiresAt =
    expiresAtRaw !== null && Number.isFinite(Number(expiresAtRaw)) ? Number(expiresAtRaw) : null;
  const type = params.get("type");
  return {
    kind: "session",
    tokens: {
      accessToken,
      refreshToken,
      expiresIn,
      expiresAt,
      type: REDIRECT_TYPES.find((t) => t === type) ?? null,
    },
  };
}

/** Takes the tokens out of the address bar (and so out of history and bookmarks) without a navigation. */
export function removeFragment(location: LocationLike, history: HistoryLike | null): void {
  history?.replaceState(history.state, "", `${location.pathname}${location.search}`);
}
