import type { AuthUser, PublicConfig } from "@app/contracts";
import type { ReactElement } from "react";
import { Route, Routes } from "react-router-dom";
import { vi } from "vitest";
import { AuthContext, type AuthState } from "@/lib/use-auth";
import { renderWithProviders } from "@/test/render";

export const STAFF_USER: AuthUser = {
  id: "3f7e0c4e-8a1b-4c5d-9e2f-0a1b2c3d4e5f",
  aud: "authenticated",
  role: "authenticated",
  email: "maja@example.test",
  phone: "",
  app_metadata: { provider: "email", providers: ["email"], role: "staff" },
  user_metadata: { full_name: "Maja Holm" },
  identities: [],
  created_at: "2024-01-01T00:00:00Z",
  updated_at: "2024-01-01T00:00:00Z",
  is_anonymous: false,
};

export function createAuthState(overrides: Partial<AuthState> = {}): AuthState {
  return {
    status: "signed-in",
    user: STAFF_USER,
    isStaff: true,
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
}

/** Renders a back-office element under /app/* as the real router does, signed in as staff. */
export function renderBackOffice(
  element: ReactElement,
  {
    route = "/app",
    auth = createAuthState(),
    config,
  }: { route?: string; auth?: AuthState; config?: Partial<PublicConfig> } = {},
) {
  return {
    auth,
    ...renderWithProviders(
      <AuthContext.Provider value={auth}>
        <Routes>
          <Route path="/app/*" element={element} />
        </Routes>
      </AuthContext.Provider>,
      { route, config },
    ),
  };
}
