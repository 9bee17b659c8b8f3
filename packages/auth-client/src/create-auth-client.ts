import type { LogoutScope } from "@app/contracts";
import { bearer, callAuthApi, createAuthApi } from "./auth-api";
import { type AuthError, createSessionMissingError, isRetryableAuthError } from "./auth-error";
import { createAutoRefresh } from "./auto-refresh";
import { DEFAULT_STORAGE_KEY, REFRESH_THRESHOLD_MS } from "./constants";
import { createCrossTab, type SessionMessage } from "./cross-tab";
import { resolveEnvironment } from "./environment";
import { createMfaApi } from "./mfa";
import { createRefreshLock } from "./refresh-lock";
import { retryWithBackoff } from "./retry-with-backoff";
import { createSessionStore, isExpired, msUntilExpiry, toSession } from "./session-store";
import type {
  AuthChangeEvent,
  AuthChangeListener,
  AuthClientOptions,
  AuthResult,
  InitializeResult,
  OtpCredentials,
  PasswordCredentials,
  RedirectType,
  Session,
  SignUpCredentials,
  User,
  UserAttributes,
  VerifyOtpParams,
  WeakPassword,
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

export function createAuthClient(options: AuthClientOptions) {
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

  // Everything below waits for this, so no call can race the fragment pickup or the first refresh.
  const initialized = initialize();
  if (options.autoRefreshToken ?? true) autoRefresh.start();

  function defaultRedirect(): string | undefined {
    return location ? `${location.origin}/app` : undefined;
  }

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

  async function refreshSession(): Promise<AuthResult<{ session: Session; user: User }>> {
    await initialized;
    const refreshed = await refresh();
    if (refreshed.error) return { data: { session: null, user: null }, error: refreshed.error };
    return { data: { session: refreshed.data, user: refreshed.data.user }, error: null };
  }

  async function signUp(
    credentials: SignUpCredentials,
  ): Promise<AuthResult<{ user: User; session: Session | null }>> {
    await initialized;
    const redirectTo = credentials.options?.emailRedirectTo ?? defaultRedirect();
    const result = await callAuthApi(() =>
      api.signUp({
        query: { redirect_to: redirectTo },
        body: { email: credentials.email, password: credentials.password, data: credentials.options?.data },
      }),
    );
    if (result.error) return { data: { user: null, session: null }, error: result.error };
    if (!("access_token" in result.data)) return { data: { user: result.data, session: null }, error: null };
    // Autoconfirm: the server signs the user in at once.
    const next = toSession(result.data);
    commit(next, "SIGNED_IN");
    return { data: { user: next.user, session: next }, error: null };
  }

  async function signInWithPassword(
    credentials: PasswordCredentials,
  ): Promise<AuthResult<{ user: User; session: Session; weakPassword: WeakPassword | null }>> {
    await initialized;
    const result = await callAuthApi(() =>
      api.issueToken({
        query: { grant_type: "password" },
        body: { email: credentials.email, password: credentials.password },
      }),
    );
    if (result.error) return { data: { user: null, session: null, weakPassword: null }, error: result.error };
    const next = toSession(result.data);
    commit(next, "SIGNED_IN");
    return {
      data: { user: next.user, session: next, weakPassword: result.data.weak_password ?? null },
      error: null,
    };
  }

  async function signInWithOtp(
    credentials: OtpCredentials,
  ): Promise<AuthResult<{ user: null; session: null }>> {
    await initialized;
    const redirectTo = credentials.options?.emailRedirectTo ?? defaultRedirect();
    const result = await callAuthApi(() =>
      api.sendMagicLink({
        query: { redirect_to: redirectTo },
        body: {
          email: credentials.email,
          create_user: credentials.options?.shouldCreateUser,
          data: credentials.options?.data,
        },
      }),
    );
    return { data: { user: null, session: null }, error: result.error } as AuthResult<{
      user: null;
      session: null;
    }>;
  }

  /**
   * The first of an e-mail change's two confirmations answers no session (as auth-js reports it: both
   * null, no error); the change completes when the link or code sent to the other address is verified.
   */
  async function verifyOtp(
    params: VerifyOtpParams,
  ): Promise<AuthResult<{ user: User | null; session: Session | null }>> {
    await initialized;
    const result = await callAuthApi(() => api.verifyOtp({ body: params }));
    if (result.error) return { data: { user: null, session: null }, error: result.error };
    if (!("access_token" in result.data)) return { data: { user: null, session: null }, error: null };
    const next = toSession(result.data);
    commit(next, params.type === "recovery" ? "PASSWORD_RECOVERY" : "SIGNED_IN");
    return { data: { user: next.user, session: next }, error: null };
  }

  /** `scope`: global (every session of the user, the default), local (this one) or others (all but this one). */
  async function signOut(
    scopeOrOptions: LogoutScope | { scope?: LogoutScope } = "global",
  ): Promise<{ error: AuthError | null }> {
    await initialized;
    const scope = typeof scopeOrOptions === "string" ? scopeOrOptions : (scopeOrOptions.scope ?? "global");
    const { data } = await getSession();
    if (data.session) {
      const token = data.session.access_token;
      const result = await callAuthApi(() => api.signOut({ query: { scope }, ...bearer(token) }));
      // 401/403/404: the server already forgot this session, which is what signing out asks for.
      if (result.error && ![401, 403, 404].includes(result.error.status)) return { error: result.error };
    }
    if (scope !== "others") commit(null, "SIGNED_OUT");
    return { error: null };
  }

  async function getUser(): Promise<AuthResult<{ user: User }>> {
    const token = await getAccessToken();
    if (!token) return { data: { user: null }, error: createSessionMissingError() };
    const result = await callAuthApi(() => api.getUser(bearer(token)));
    if (result.error) return { data: { user: null }, error: result.error };
    return { data: { user: result.data }, error: null };
  }

  async function updateUser(
    attributes: UserAttributes,
    updateOptions: { emailRedirectTo?: string } = {},
  ): Promise<AuthResult<{ user: User }>> {
    const { data } = await getSession();
    if (!data.session) return { data: { user: null }, error: createSessionMissingError() };
    const token = data.session.access_token;
    const redirectTo = updateOptions.emailRedirectTo ?? defaultRedirect();
    const result = await callAuthApi(() =>
      api.updateUser({ query: { redirect_to: redirectTo }, body: attributes, ...bearer(token) }),
    );
    if (result.error) return { data: { user: null }, error: result.error };
    const user = result.data;
    if (session && session.user.id === user.id) commit({ ...session, user }, "USER_UPDATED");
    return { data: { user }, error: null };
  }

  async function resetPasswordForEmail(
    email: string,
    resetOptions: { redirectTo?: string } = {},
  ): Promise<{ error: AuthError | null }> {
    await initialized;
    const result = await callAuthApi(() =>
      api.recoverPassword({ query: { redirect_to: resetOptions.redirectTo }, body: { email } }),
    );
    return { error: result.error };
  }

  async function resend(params: {
    type: "signup" | "email_change";
    email: string;
    options?: { emailRedirectTo?: string };
  }): Promise<{ error: AuthError | null }> {
    await initialized;
    const redirectTo = params.options?.emailRedirectTo ?? defaultRedirect();
    const result = await callAuthApi(() =>
      api.resend({ query: { redirect_to: redirectTo }, body: { type: params.type, email: params.email } }),
    );
    return { error: result.error };
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

  const mfa = createMfaApi({
    api,
    getAccessToken,
    currentSession: () => session,
    getUser,
    onVerified: (verified) => commit(verified, "MFA_CHALLENGE_VERIFIED"),
  });

  function dispose(): void {
    isDisposed = true;
    autoRefresh.stop();
    crossTab.close();
    subscribers.clear();
  }

  return {
    /** Resolves once start-up (stored session, URL fragment, first refresh if expired) is done. */
    initialize: () => initialized,
    getSession,
    getAccessToken,
    refreshSession,
    getUser,
    updateUser,
    signUp,
    signInWithPassword,
    signInWithOtp,
    verifyOtp,
    signOut,
    resetPasswordForEmail,
    resend,
    onAuthStateChange,
    mfa,
    startAutoRefresh: () => autoRefresh.start(),
    stopAutoRefresh: () => autoRefresh.stop(),
    dispose,
  };
}
export type AuthClient = ReturnType<typeof createAuthClient>;
