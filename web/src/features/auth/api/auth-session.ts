import { type AuthClient, type AuthError, createAuthClient, type Session } from "@app/auth-client";
import type { AuthUser } from "@app/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { SET_PASSWORD_PATH } from "@/features/auth/utils/auth-paths";
import {
  AUTH_FAILURE_TOASTS,
  AUTH_TOASTS,
  showAuthFailure,
  showAuthToast,
  showErrorToast,
} from "@/features/auth/utils/auth-toasts";
import { setAccessTokenProvider, setUnauthorizedHandler } from "@/lib/api-fetch";
import { loadPublicConfig } from "@/lib/public-config";
import type { AuthStatus, SignOutScope } from "@/lib/use-auth";

/*
 * One auth client per page, held here rather than in React state: the router remounts its subtree on every
 * navigation and StrictMode runs effects twice, and neither may create a second client (two tickers would
 * race each other's refresh tokens) or replay the 'Welcome!' toast.
 */

export type AuthSnapshot = {
  status: AuthStatus;
  session: Session | null;
  /** Set when the client could not be started (the public config did not load). */
  startError: Error | null;
  /** An e-mailed link this page was opened from could not be used (expired, already used). */
  linkError: AuthError | null;
  /** The session came from a password-recovery link: the person is here to choose a new password. */
  isRecovering: boolean;
};

const INITIAL_SNAPSHOT: AuthSnapshot = {
  status: "loading",
  session: null,
  startError: null,
  linkError: null,
  isRecovering: false,
};

let snapshot: AuthSnapshot = INITIAL_SNAPSHOT;
let client: AuthClient | null = null;
let starting: Promise<AuthClient> | null = null;
let queryClient: QueryClient | null = null;
let unsubscribeClient: (() => void) | null = null;
const listeners = new Set<() => void>();

function setSnapshot(next: Partial<AuthSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export function subscribeToAuth(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getAuthSnapshot(): AuthSnapshot {
  return snapshot;
}

/** The snapshot before anything has started: what a prerendered page was drawn from. */
export function getInitialAuthSnapshot(): AuthSnapshot {
  return INITIAL_SNAPSHOT;
}

/** The running client, or null before the public config has loaded. */
export function getAuthClient(): AuthClient | null {
  return client;
}

/** For the sign-in forms, which render only once the session has loaded (so the client exists). */
export function requireAuthClient(): AuthClient {
  if (!client) throw new Error("The auth client has not started yet");
  return client;
}

/** Cached data belongs to the person who fetched it: it goes when they sign out. */
export function bindQueryClient(next: QueryClient) {
  queryClient = next;
}

/** Back-office access: app_metadata.role is staff or admin. */
export function isStaffUser(user: AuthUser | null): boolean {
  const role = user?.app_metadata.role;
  return role === "staff" || role === "admin";
}

function wire(started: AuthClient) {
  unsubscribeClient = started.onAuthStateChange((event, session) => {
    if (event === "SIGNED_OUT") {
      // Screens leave first, so none refetches what is being cleared with the anonymous key.
      setSnapshot({ status: "signed-out", session: null });
      queryClient?.clear();
      return;
    }
    if (event === "SIGNED_IN") {
      // A sign-in that still owes its second factor is welcomed by the code step once the code is in; the
      // set-password page greets the person itself, with what to do there.
      const { currentLevel, nextLevel } = started.mfa.getAuthenticatorAssuranceLevel().data;
      const owesCode = currentLevel === "aal1" && nextLevel === "aal2";
      if (!owesCode && window.location.pathname !== SET_PASSWORD_PATH) showAuthToast(AUTH_TOASTS.signedIn);
    }
    setSnapshot({
      status: session ? "signed-in" : "signed-out",
      session,
      ...(event === "PASSWORD_RECOVERY" ? { isRecovering: true } : {}),
    });
  });

  setAccessTokenProvider(() => started.getAccessToken());
  setUnauthorizedHandler({
    async refresh(refusedToken) {
      const current = await started.getAccessToken();
      // Another call already refreshed while this one waited: its token is the one to retry with.
      if (current !== null && current !== refusedToken) return current;
      const { data, error } = await started.refreshSession();
      return error ? null : data.session.access_token;
    },
    async signOut() {
      // The server already refuses the token, so only this browser's copy needs forgetting.
      if (snapshot.status === "signed-in") await started.signOut("local");
    },
  });

  void started.initialize().then(({ error }) => {
    if (!error) return;
    setSnapshot({ linkError: error });
    // The set-password page explains a dead invitation itself, with what to do next.
    if (window.location.pathname !== SET_PASSWORD_PATH) showLinkError(error);
  });
}

/** An e-mailed link that failed (expired, already used) was meant to sign the person in. */
function showLinkError(error: AuthError) {
  showAuthFailure(AUTH_FAILURE_TOASTS.signIn, error);
}

/** Creates the page's one client once the anonymous key is known; later calls share it. */
export function startAuthSession(): Promise<AuthClient> {
  starting ??= loadPublicConfig().then(
    ({ anon_key: anonKey }) => {
      client = createAuthClient({ url: window.location.origin, anonKey });
      wire(client);
      return client;
    },
    (error: unknown) => {
      starting = null;
      setSnapshot({ startError: error instanceof Error ? error : new Error(String(error)) });
      throw error;
    },
  );
  return starting;
}

/** Signs out and tells the person how it went. */
export async function signOutWithToast(scope: SignOutScope = "global"): Promise<void> {
  const started = client ?? (await startAuthSession());
  const { error } = await started.signOut(scope);
  if (error) showErrorToast(AUTH_TOASTS.signOutFailed);
  else showAuthToast(AUTH_TOASTS.signedOut);
}

/** For tests: stop the client (timers, channels) and start again from 'loading'. */
export function resetAuthSessionForTests() {
  unsubscribeClient?.();
  client?.dispose();
  unsubscribeClient = null;
  client = null;
  starting = null;
  queryClient = null;
  snapshot = INITIAL_SNAPSHOT;
  setAccessTokenProvider(null);
  setUnauthorizedHandler(null);
}
