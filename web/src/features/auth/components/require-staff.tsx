import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { FullPageSpinner } from "@/features/auth/components/full-page-spinner";
import { SecondFactorGate } from "@/features/auth/components/second-factor-gate";
import { useAuth } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * The /app guard: a spinner while the session loads, the sign-in screen for visitors (remembering where they
 * were going), a notice instead of data screens for people without the staff or admin role, and the code
 * step for those with a second factor (see SecondFactorGate).
 */
export function RequireStaff() {
  const { status, isStaff, client } = useAuth();
  const location = useLocation();

  if (status === "loading") return <FullPageSpinner />;
  if (status === "signed-out") return <Navigate to="/auth" replace state={{ from: location }} />;
  if (!isStaff) return <AccessPendingNotice />;
  if (!client) return <Outlet />;
  return (
    <SecondFactorGate client={client}>
      <Outlet />
    </SecondFactorGate>
  );
}

function AccessPendingNotice() {
  const { user, signOut } = useAuth();
  const [isSigningOut, setIsSigningOut] = useState(false);
  useDocumentTitle("Access pending");

  async function handleSignOut() {
    setIsSigningOut(true);
    try {
      await signOut();
    } finally {
      setIsSigningOut(false);
    }
  }

  return (
    <main className="grid min-h-dvh place-items-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <ShieldAlert className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-semibold leading-tight">Access pending</h1>
          <CardDescription>
            You are signed in{user?.email ? ` as ${user.email}` : ""}, but your account does not have access
            to the dashboard yet. An administrator must grant you access.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap justify-center gap-3">
          <Button onClick={handleSignOut} disabled={isSigningOut} aria-busy={isSigningOut || undefined}>
            {isSigningOut ? <Spinner /> : null}
            Sign Out
          </Button>
          <Button variant="outline" asChild>
            <Link to="/">Back to the website</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
