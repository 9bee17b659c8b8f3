import { type AuthClient, createAuthClient, type Session } from "@app/auth-client";
import type { AuthUser } from "@app/contracts";
import { TEST_CONFIG } from "@/test/render";
import { STAFF_USER } from "@/test/render-back-office";

const STORAGE_KEY = "app-auth-token";

/** An unsigned JWT: the client only reads its claims (aal, amr), the server is stubbed. */
function fakeAccessToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.sig`;
}

export function buildSession(user: AuthUser = STAFF_USER, claims: Record<string, unknown> = {}): Session {
  return {
    access_token: fakeAccessToken({ sub: user.id, aal: "aal1", amr: [], ...claims }),
    refresh_token: "refresh-token",
    token_type: "bearer",
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user,
  };
}

/**
 * The real auth client, signed in with `session`, whose requests go to the global fetch at call time
 * (stub it with stubFetch): no timers, no other tabs, no URL to read.
 */
export function createTestAuthClient(session: Session = buildSession()): AuthClient {
  const values = new Map<string, string>([[STORAGE_KEY, JSON.stringify(session)]]);
  return createAuthClient({
    url: TEST_CONFIG.site_url,
    anonKey: TEST_CONFIG.anon_key,
    fetch: (input, init) => globalThis.fetch(input, init),
    storage: {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    },
    autoRefreshToken: false,
    detectSessionInUrl: false,
    BroadcastChannel: null,
    document: null,
    storageEvents: null,
    location: null,
    history: null,
    locks: null,
  });
}
