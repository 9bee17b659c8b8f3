import type { AuthClient } from "@app/auth-client";
import type { AuthUser } from "@app/contracts";
import { createContext, useContext, useMemo } from "react";
import { displayName } from "@/lib/display-name";
import type { Editor } from "@/lib/live/live-updates";

export type AuthStatus = "loading" | "signed-in" | "signed-out";
export type SignOutScope = "global" | "local" | "others";

/**
 * What the back office knows about the signed-in person. Provided by `AuthProvider`
 * (features/auth/components/auth-provider.tsx) over the framework-free @app/auth-client.
 */
export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** app_metadata.role is staff or admin: the data screens are for staff only. */
  isStaff: boolean;
  /** Signs out and shows the spec's toasts ('Signed out' or 'Error'); resolves when done. */
  signOut(scope?: SignOutScope): Promise<void>;
  /**
   * The running auth client, for the screens that manage the account itself (password, factors,
   * sessions); absent while the session loads and in tests that only read who is signed in.
   */
  client?: AuthClient | null;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used inside <AuthProvider>");
  return state;
}

/** The signed-in person's id, or null (outside the auth area, or while loading): "You" on timelines. */
export function useCurrentUserId(): string | null {
  return useContext(AuthContext)?.user?.id ?? null;
}

/** The signed-in person as others see them editing a record, or null outside the auth area. */
export function useCurrentEditor(): Editor | null {
  const user = useContext(AuthContext)?.user;
  return useMemo(
    () =>
      user ? { userId: user.id, name: displayName(user.user_metadata.full_name, user.email ?? "") } : null,
    [user],
  );
}

/** The auth client of the signed-in area; the account screens render only once the session has loaded. */
export function useAuthClient(): AuthClient {
  const client = useAuth().client;
  if (!client) throw new Error("The auth client has not started yet");
  return client;
}

/** Admins see the administration screens (team, backups); the server checks the same role. */
function isAdminUser(user: AuthUser | null): boolean {
  return user?.app_metadata.role === "admin";
}

export function useIsAdmin(): boolean {
  return isAdminUser(useContext(AuthContext)?.user ?? null);
}
