import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from "react";
import { Outlet } from "react-router-dom";
import {
  bindQueryClient,
  getAuthClient,
  getAuthSnapshot,
  getInitialAuthSnapshot,
  isStaffUser,
  signOutWithToast,
  startAuthSession,
  subscribeToAuth,
} from "@/features/auth/api/auth-session";
import { AuthContext, type AuthState } from "@/lib/use-auth";

/**
 * Fills `useAuth()` for the sign-in screen and the back office. Mounted only around /auth, /login and /app,
 * so public pages never download the auth client.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The build prerenders the sign-in page, and the browser adopts that markup, in the state before the
  // session is known: both render from the initial snapshot, whatever the store holds by then.
  const snapshot = useSyncExternalStore(subscribeToAuth, getAuthSnapshot, getInitialAuthSnapshot);

  useEffect(() => {
    bindQueryClient(queryClient);
    // A failed start is kept in the snapshot and thrown below, where the route error boundary shows it.
    startAuthSession().catch(() => undefined);
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    const user = snapshot.session?.user ?? null;
    return {
      status: snapshot.status,
      user,
      isStaff: isStaffUser(user),
      signOut: signOutWithToast,
      client: getAuthClient(),
    };
  }, [snapshot.status, snapshot.session]);

  if (snapshot.startError) throw snapshot.startError;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Layout route for everything that needs to know who is signed in. */
export function AuthArea() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
