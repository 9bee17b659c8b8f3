import { createAccountCalls } from "./account";
import { createMfaApi } from "./mfa";
import { createPkceCalls } from "./pkce";
import { createSessionCore } from "./session-core";
import { createSignInCalls } from "./sign-in";
import type { AuthClientOptions } from "./types";

/**
 * The client as auth-js shapes it: one session core, and the call modules that share it. Every call waits
 * for start-up (stored session, URL fragment, first refresh if expired) before it runs.
 */
export function createAuthClient(options: AuthClientOptions) {
  const core = createSessionCore(options);
  const pkce = createPkceCalls(core);
  const account = createAccountCalls(core, pkce.makeChallenge);
  return {
    /** Resolves once start-up is done, with the session and any error from a failed e-mail link. */
    initialize: () => core.initialized,
    getSession: core.getSession,
    getAccessToken: core.getAccessToken,
    onAuthStateChange: core.onAuthStateChange,
    ...createSignInCalls(core, pkce.makeChallenge),
    exchangeCodeForSession: pkce.exchangeCodeForSession,
    ...account,
    mfa: createMfaApi(core, account.getUser),
    startAutoRefresh: () => core.autoRefresh.start(),
    stopAutoRefresh: () => core.autoRefresh.stop(),
    dispose: core.dispose,
  };
}
export type AuthClient = ReturnType<typeof createAuthClient>;
