import type { Session } from "@app/auth-client";
import type { AuthUser } from "@app/contracts";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { AuthContext, type AuthState } from "@/lib/use-auth";
import { jsonResponse } from "@/test/fetch-stub";

/** Where @app/auth-client keeps the session (its DEFAULT_STORAGE_KEY). */
export const AUTH_STORAGE_KEY = "app-auth-token";

export function buildUser(overrides: Partial<AuthUser> = {}): AuthUser {
  const at = "2026-01-01T00:00:00.000Z";
  return {
    id: "user-1",
    aud: "authenticated",
    role: "authenticated",
    email: "ada@example.com",
    email_confirmed_at: at,
    phone: "",
    app_metadata: { provider: "email", providers: ["email"], role: "staff" },
    user_metadata: { full_name: "Ada Lovelace" },
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
    ...overrides,
  };
}

let tokenCounter = 0;

/** A session as /auth/v1/token answers it, valid for an hour from now. */
export function buildSession(user: AuthUser = buildUser()): Session {
  tokenCounter += 1;
  return {
    access_token: `access-${tokenCounter}`,
    refresh_token: `refresh-${tokenCounter}`,
    token_type: "bearer",
    expires_in: 3600,
    expires_at: Math.round(Date.now() / 1000) + 3600,
    user,
  };
}

export function storeSession(session: Session) {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
}

/** GoTrue's error body as the server sends it with the API version header. */
export function authErrorResponse(status: number, code: string, message: string, extra: object = {}) {
  return jsonResponse({ code, message, ...extra }, status);
}

/** Renders with a hand-made auth state, for components that only read `useAuth()`. */
export function renderWithAuthState(ui: ReactElement, state: Partial<AuthState>) {
  const value: AuthState = {
    status: "signed-in",
    user: buildUser(),
    isStaff: true,
    signOut: async () => undefined,
    ...state,
  };
  return render(<AuthContext.Provider value={value}>{ui}</AuthContext.Provider>);
}
