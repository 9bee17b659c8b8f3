import { bearer, callAuthApi, createAuthApi } from "./auth-api";
import { type AuthError, createSessionMissingError, isRetryableAuthError } from "./auth-error";
import { createAutoRefresh } from "./auto-refresh";
import { DEFAULT_STORAGE_KEY, REFRESH_THRESHOLD_MS } from "./constants";
import { createCrossTab, type SessionMessage } from "./cross-tab";
import { resolveEnvironment } from "./environment";
import { createRefreshLock } from "./refresh-lock";
import { retryWithBackoff } from "./retry-with-backoff";
import { createSessionStore, isExpired, msUntilExpiry, toSession } from "./session-store";
import type {
  AuthChangeEvent,
  AuthChangeListener,
  AuthClientOptions,
  AuthResult,
  InitializeResult,
  RedirectType,
  Session,
} from "./types";
import { type FragmentTokens, parseAuthFragment, removeFragment } from "./url-fragment";

type RefreshOutcome = { data: Session; error: null } | { data: null; error: AuthError };

interface Subscriber {
  listener: AuthChangeListener;
  /** Nothing else is delivered before INITIAL_SESSION, so a listener always starts from a known state. */
  hasInitialSession: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isSameSession(a: Session | null, b: Session | null): boolean {
  if (a === null || b === null) return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The session state every call shares: the one current session, its storage and cross-tab copies, the
 * listeners, and the single-flight refresh. The calls (sign-in, user, MFA) take this core and change the
 * session only through `commit`, so storage, other tabs and listeners never disagree.
 */
export function createSessionCore(options: AuthClientOptions) {
  const env = resolveEnvironment(options);
  const { now, location } = env;
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY;
  const api = createAuthApi({ url: options.url, anonKey: options.anonKey, fetch: env.fetch });
  const store = createSessionStore(env.storage, storageKey);
  const runExclusive = createRefreshLock({
    name: `${storageKey}:refresh-lock`,
    locks: env.locks,
    storage: env.storage,
    now,
  });

  let session: Session | null = null;
  let isInitialized = false;
  let isDisposed = false;
  let refreshInFlight: Promise<RefreshOutcome> | null = null;
  let nextSubscriberId = 0;
  const subscribers = new Map<number, Subscriber>();

  const crossTab = createCrossTab({
    channelName: storageKey,
    storageKey,
    BroadcastChannel: env.BroadcastChannel,
    storageEvents: env.storageEvents,
    onMessage: (message) => adopt(message.session, message.event),
    onStorageChange: () => adopt(store.read(), null),
  });

  const autoRefresh = createAutoRefresh({ check: () => void checkExpiry(), document: env.document });

  function notify(subscriber: Subscriber, event: AuthChangeEvent, current: Session | null): void {
    try {
      subscriber.listener(event, current);
    } catch (error) {
      // A throwing listener must not stop the others or the client; surface it where it cannot be missed.
      queueMicrotask(() => {
        throw error;
      });
    }
  }

  function emit(event: AuthChangeEvent, current: Session | null): void {
    for (const subscriber of [...subscribers.values()]) {
      if (subscriber.hasInitialSession) notify(subscriber, event, current);
    }
  }

  function deliverInitialSession(subscriber: Subscriber): void {
    if (subscriber.hasInitialSession || isDisposed) return;
    subscriber.hasInitialSession = true;
    notify(subscriber, "INITIAL_SESSION", session);
  }

  /** A change made in this tab: stored, told to the other tabs, announced. */
  function commit(next: Session | null, event: AuthChangeEvent): void {
    session = next;
    if (next) store.write(next);
    else store.remove();
    const message: SessionMessage = { type: "session", event, session: next };
    crossTab.post(message);
    emit(event, next);
  }

  /** A change another tab made and already stored: take it over without writing or re-broadcasting it. */
  function adopt(next: Session | null, hint: AuthChangeEvent | null): void {
    if (isDisposed || isSameSession(session, next)) return;
    const previous = session;
    session = next;
    emit(adoptedEvent(previous, next, hint), next);
  }

  function adoptedEvent(previous: Session | null, next: Session | null, hint: AuthChangeEvent | null) {
    if (next === null) return "SIGNED_OUT";
    if (previous === null || previous.user.id !== next.user.id) return "SIGNED_IN";
    // Recovery belongs to the tab that opened the link; elsewhere it is just a new session.
    if (hint === "TOKEN_REFRESHED" || hint === "USER_UPDATED" || hint === "MFA_CHALLENGE_VERIFIED")
      return hint;
    if (hint === null && JSON.stringify(previous.user) !== JSON.stringify(next.user)) return "USER_UPDATED";
    return "TOKEN_REFRESHED";
  }

  function refresh(): Promise<RefreshOutcome> {
    refreshInFlight ??= runRefresh().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  async function runRefresh(): Promise<RefreshOutcome> {
    const used = session?.refresh_token;
    if (!used) return { data: null, error: createSessionMissingError() };
    return runExclusive(async () => {
      if (!session) return { data: null, error: createSessionMissingError() };
      // Another tab may have rotated the token while we waited; presenting the old one would be reuse.
      const stored = store.read();
      if (stored && stored.refresh_token !== used) {
        adopt(stored, "TOKEN_REFRESHED");
        return { data: stored, error: null };
      }
      const result = await retryWithBackoff({
        attempt: () =>
          callAuthApi(() =>
            api.issueToken({ query: { grant_type: "refresh_token" }, body: { refresh_token: used } }),
          ),
        isRetryable: isRetryableAuthError,
        now,
        sleep,
      });
      const current = session;
      if (current?.refresh_token !== used) {
        // Signed in or out meanwhile; this answer belongs to a session that is gone.
        return current ? { data: current, error: null } : { data: null, error: createSessionMissingError() };
      }
      if (result.error) {
        if (!isRetryableAuthError(result.error) && isExpired(current, now())) commit(null, "SIGNED_OUT");
        return { data: null, error: result.error };
      }
      const next = toSession(result.data);
      commit(next, "TOKEN_REFRESHED");
      return { data: next, error: null };
    });
  }

  async function checkExpiry(): Promise<void> {
    await initialized;
    if (session && msUntilExpiry(session, now()) <= REFRESH_THRESHOLD_MS) await refresh();
  }

  async function sessionFromFragment(tokens: FragmentTokens): Promise<AuthResult<{ session: Session }>> {
    const result = await callAuthApi(() => api.getUser(bearer(tokens.accessToken)));
    if (result.error) return { data: { session: null }, error: result.error };
    const expiresAt = tokens.expiresAt ?? Math.round(now() / 1000) + tokens.expiresIn;
    return {
      data: {
        session: {
          access_token: tokens.accessToken,
          refresh_token: tokens.refreshToken,
          expires_in: tokens.expiresIn,
          expires_at: expiresAt,
          token_type: "bearer",
          user: result.data,
        },
      },
      error: null,
    };
  }

  async function initialize(): Promise<InitializeResult> {
    session = store.read();
    let error: AuthError | null = null;
    let redirectType: RedirectType | null = null;
    let redirectEvent: AuthChangeEvent | null = null;

    const fragment = env.detectSessionInUrl && location ? parseAuthFragment(location.hash) : null;
    if (fragment?.kind === "error") error = fragment.error;
    if (fragment?.kind === "session") {
      const picked = await sessionFromFragment(fragment.tokens);
      if (picked.error) {
        error = picked.error;
      } else {
        redirectType = fragment.tokens.type;
        redirectEvent = redirectType === "recovery" ? "PASSWORD_RECOVERY" : "SIGNED_IN";
        // Not announced yet: listeners first get INITIAL_SESSION, then this event.
        session = picked.data.session;
        store.write(session);
        crossTab.post({ type: "session", event: "SIGNED_IN", session });
      }
    }
    if (fragment && location) removeFragment(location, env.history);

    if (!redirectEvent && session && isExpired(session, now())) {
      // An expired token is no session to report; a still-valid one is refreshed by the ticker instead.
      await refresh();
    }

    isInitialized = true;
    for (const subscriber of subscribers.values()) deliverInitialSession(subscriber);
    if (redirectEvent) emit(redirectEvent, session);
    return { data: { session, redirectType }, error };
  }

  // Everything waits for this, so no call can race the fragment pickup or the first refresh.
  const initialized = initialize();
  if (options.autoRefreshToken ?? true) autoRefresh.start();

  async function getSession(): Promise<AuthResult<{ session: Session | null }>> {
    await initialized;
    if (!session || msUntilExpiry(session, now()) > REFRESH_THRESHOLD_MS)
      return { data: { session }, error: null };
    const refreshed = await refresh();
    if (!refreshed.error) return { data: { session: refreshed.data }, error: null };
    // A token that still works is more use to a caller than an error about a refresh that will be retried.
    if (session && !isExpired(session, now())) return { data: { session }, error: null };
    return { data: { session: null }, error: refreshed.error };
  }

  async function getAccessToken(): Promise<string | null> {
    const { data } = await getSession();
    return data.session?.access_token ?? null;
  }

  function onAuthStateChange(listener: AuthChangeListener): () => void {
    const id = nextSubscriberId++;
    const subscriber: Subscriber = { listener, hasInitialSession: false };
    subscribers.set(id, subscriber);
    // Before start-up ends, initialize() delivers it; afterwards a microtask keeps delivery asynchronous.
    if (isInitialized) queueMicrotask(() => subscribers.has(id) && deliverInitialSession(subscriber));
    return () => {
      subscribers.delete(id);
    };
  }

  function dispose(): void {
    isDisposed = true;
    autoRefresh.stop();
    crossTab.close();
    subscribers.clear();
  }

  return {
    api,
    now,
    storage: env.storage,
    storageKey,
    flowType: options.flowType ?? "implicit",
    /** Where e-mailed links return to when the caller names no redirect: the back office. */
    defaultRedirect: (): string | undefined => (location ? `${location.origin}/app` : undefined),
    /** The session in hand, as is (no refresh); for decisions that must not wait on the network. */
    current: () => session,
    initialized,
    commit,
    refresh,
    getSession,
    getAccessToken,
    onAuthStateChange,
    autoRefresh,
    dispose,
  };
}
export type SessionCore = ReturnType<typeof createSessionCore>;
