import type { LogoutScope } from "@app/contracts";
import { bearer, callAuthApi } from "./auth-api";
import { type AuthError, createSessionMissingError } from "./auth-error";
import type { MakeChallenge } from "./pkce";
import type { SessionCore } from "./session-core";
import type { AuthResult, AuthSettings, Session, User, UserAttributes, UserSession } from "./types";

/** The calls on the signed-in account: read and update the user, sign out, and the recovery mails. */
export function createAccountCalls(core: SessionCore, makeChallenge: MakeChallenge) {
  const { api } = core;

  async function refreshSession(): Promise<AuthResult<{ session: Session; user: User }>> {
    await core.initialized;
    const refreshed = await core.refresh();
    if (refreshed.error) return { data: { session: null, user: null }, error: refreshed.error };
    return { data: { session: refreshed.data, user: refreshed.data.user }, error: null };
  }

  /** `scope`: global (every session of the user, the default), local (this one) or others (all but this one). */
  async function signOut(
    scopeOrOptions: LogoutScope | { scope?: LogoutScope } = "global",
  ): Promise<{ error: AuthError | null }> {
    await core.initialized;
    const scope = typeof scopeOrOptions === "string" ? scopeOrOptions : (scopeOrOptions.scope ?? "global");
    const { data } = await core.getSession();
    if (data.session) {
      const token = data.session.access_token;
      const result = await callAuthApi(() => api.signOut({ query: { scope }, ...bearer(token) }));
      // 401/403/404: the server already forgot this session, which is what signing out asks for.
      if (result.error && ![401, 403, 404].includes(result.error.status)) return { error: result.error };
    }
    if (scope !== "others") core.commit(null, "SIGNED_OUT");
    return { error: null };
  }

  async function getUser(): Promise<AuthResult<{ user: User }>> {
    const token = await core.getAccessToken();
    if (!token) return { data: { user: null }, error: createSessionMissingError() };
    const result = await callAuthApi(() => api.getUser(bearer(token)));
    if (result.error) return { data: { user: null }, error: result.error };
    return { data: { user: result.data }, error: null };
  }

  async function updateUser(
    attributes: UserAttributes,
    updateOptions: { emailRedirectTo?: string } = {},
  ): Promise<AuthResult<{ user: User }>> {
    const { data } = await core.getSession();
    if (!data.session) return { data: { user: null }, error: createSessionMissingError() };
    const token = data.session.access_token;
    const redirectTo = updateOptions.emailRedirectTo ?? core.defaultRedirect();
    // A new address is confirmed by mailed links, which in PKCE mode answer a code for this browser.
    const challenge = attributes.email !== undefined ? await makeChallenge() : {};
    const result = await callAuthApi(() =>
      api.updateUser({
        query: { redirect_to: redirectTo },
        body: { ...attributes, ...challenge },
        ...bearer(token),
      }),
    );
    if (result.error) return { data: { user: null }, error: result.error };
    const user = result.data;
    const session = core.current();
    if (session && session.user.id === user.id) core.commit({ ...session, user }, "USER_UPDATED");
    return { data: { user }, error: null };
  }

  async function resetPasswordForEmail(
    email: string,
    resetOptions: { redirectTo?: string } = {},
  ): Promise<{ error: AuthError | null }> {
    await core.initialized;
    const challenge = await makeChallenge("recovery");
    const result = await callAuthApi(() =>
      api.recoverPassword({ query: { redirect_to: resetOptions.redirectTo }, body: { email, ...challenge } }),
    );
    return { error: result.error };
  }

  async function resend(params: {
    type: "signup" | "email_change";
    email: string;
    options?: { emailRedirectTo?: string };
  }): Promise<{ error: AuthError | null }> {
    await core.initialized;
    const redirectTo = params.options?.emailRedirectTo ?? core.defaultRedirect();
    const challenge = await makeChallenge();
    const result = await callAuthApi(() =>
      api.resend({
        query: { redirect_to: redirectTo },
        body: { type: params.type, email: params.email, ...challenge },
      }),
    );
    return { error: result.error };
  }

  /** Mails the user a 6-digit code, to send as `nonce` with a password change the server asks one for. */
  async function reauthenticate(): Promise<{ error: AuthError | null }> {
    const token = await core.getAccessToken();
    if (!token) return { error: createSessionMissingError() };
    const result = await callAuthApi(() => api.reauthenticate(bearer(token)));
    return { error: result.error };
  }

  /** Where the user is signed in, newest first, this session marked `current` (not in auth-js). */
  async function listSessions(): Promise<AuthResult<{ sessions: UserSession[] }>> {
    const token = await core.getAccessToken();
    if (!token) return { data: { sessions: null }, error: createSessionMissingError() };
    const result = await callAuthApi(() => api.listUserSessions(bearer(token)));
    if (result.error) return { data: { sessions: null }, error: result.error };
    return { data: { sessions: result.data }, error: null };
  }

  /** Ends one of the user's other sessions; this one ends through signOut, so the local copy goes too. */
  async function endSession(sessionId: string): Promise<{ error: AuthError | null }> {
    const token = await core.getAccessToken();
    if (!token) return { error: createSessionMissingError() };
    const result = await callAuthApi(() => api.endUserSession({ params: { sessionId }, ...bearer(token) }));
    return { error: result.error };
  }

  /** The server's public auth settings, among them whether the back office needs an aal2 session. */
  async function getSettings(): Promise<AuthResult<{ settings: AuthSettings }>> {
    const result = await callAuthApi(() => api.getSettings());
    if (result.error) return { data: { settings: null }, error: result.error };
    return { data: { settings: result.data }, error: null };
  }

  return {
    refreshSession,
    signOut,
    getUser,
    updateUser,
    resetPasswordForEmail,
    resend,
    reauthenticate,
    listSessions,
    endSession,
    getSettings,
  };
}
