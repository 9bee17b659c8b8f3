import { callAuthApi } from "./auth-api";
import type { MakeChallenge } from "./pkce";
import type { SessionCore } from "./session-core";
import { toSession } from "./session-store";
import type {
  AuthResult,
  OtpCredentials,
  PasswordCredentials,
  Session,
  SignUpCredentials,
  User,
  VerifyOtpParams,
  WeakPassword,
} from "./types";

/** The calls that start a session: sign-up, password, magic link, and verifying a mailed code. */
export function createSignInCalls(core: SessionCore, makeChallenge: MakeChallenge) {
  const { api } = core;

  async function signUp(
    credentials: SignUpCredentials,
  ): Promise<AuthResult<{ user: User; session: Session | null }>> {
    await core.initialized;
    const redirectTo = credentials.options?.emailRedirectTo ?? core.defaultRedirect();
    const challenge = await makeChallenge();
    const result = await callAuthApi(() =>
      api.signUp({
        query: { redirect_to: redirectTo },
        body: {
          email: credentials.email,
          password: credentials.password,
          data: credentials.options?.data,
          ...challenge,
        },
      }),
    );
    if (result.error) return { data: { user: null, session: null }, error: result.error };
    if (!("access_token" in result.data)) return { data: { user: result.data, session: null }, error: null };
    // Autoconfirm: the server signs the user in at once.
    const next = toSession(result.data);
    core.commit(next, "SIGNED_IN");
    return { data: { user: next.user, session: next }, error: null };
  }

  async function signInWithPassword(
    credentials: PasswordCredentials,
  ): Promise<AuthResult<{ user: User; session: Session; weakPassword: WeakPassword | null }>> {
    await core.initialized;
    const result = await callAuthApi(() =>
      api.issueToken({
        query: { grant_type: "password" },
        body: { email: credentials.email, password: credentials.password },
      }),
    );
    if (result.error) return { data: { user: null, session: null, weakPassword: null }, error: result.error };
    const next = toSession(result.data);
    core.commit(next, "SIGNED_IN");
    return {
      data: { user: next.user, session: next, weakPassword: result.data.weak_password ?? null },
      error: null,
    };
  }

  async function signInWithOtp(
    credentials: OtpCredentials,
  ): Promise<AuthResult<{ user: null; session: null }>> {
    await core.initialized;
    const redirectTo = credentials.options?.emailRedirectTo ?? core.defaultRedirect();
    const challenge = await makeChallenge();
    const result = await callAuthApi(() =>
      api.sendMagicLink({
        query: { redirect_to: redirectTo },
        body: {
          email: credentials.email,
          create_user: credentials.options?.shouldCreateUser,
          data: credentials.options?.data,
          ...challenge,
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
    await core.initialized;
    const result = await callAuthApi(() => api.verifyOtp({ body: params }));
    if (result.error) return { data: { user: null, session: null }, error: result.error };
    if (!("access_token" in result.data)) return { data: { user: null, session: null }, error: null };
    const next = toSession(result.data);
    core.commit(next, params.type === "recovery" ? "PASSWORD_RECOVERY" : "SIGNED_IN");
    return { data: { user: next.user, session: next }, error: null };
  }

  return { signUp, signInWithPassword, signInWithOtp, verifyOtp };
}
