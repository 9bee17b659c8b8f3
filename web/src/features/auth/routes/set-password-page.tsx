import { KeyRound, LinkIcon, type LucideIcon } from "lucide-react";
import { type ReactNode, useSyncExternalStore } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { SITE } from "@/config/site";
import { getAuthSnapshot, subscribeToAuth } from "@/features/auth/api/auth-session";
import { FullPageSpinner } from "@/features/auth/components/full-page-spinner";
import { SetPasswordForm } from "@/features/auth/components/set-password-form";
import { useAuth } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * Where an invitation link lands, and the confirmation link of a sign-up that a role comes with (a staff
 * address): the auth client has already taken the session out of the address, so the colleague is signed
 * in and only chooses a password (the role never works with one set before the link was followed). A link that could not be
 * used (expired, already used) leaves an error instead, explained here with what to do next.
 */
export function SetPasswordPage() {
  const { status, user } = useAuth();
  const { linkError, isRecovering } = useSyncExternalStore(subscribeToAuth, getAuthSnapshot);
  useDocumentTitle("Set your password");

  if (status === "loading") return <FullPageSpinner />;
  if (linkError) return <DeadLinkNotice isSignedIn={status === "signed-in"} reason={linkError.message} />;
  if (status === "signed-out") return <NoLinkNotice />;

  return (
    <AuthCard
      icon={KeyRound}
      title={isRecovering ? "Choose a new password" : "Set your password"}
      description={
        <>
          {isRecovering ? "" : `Welcome to the ${SITE.name} back office. `}Choose a password for{" "}
          <span className="font-medium text-foreground">{user?.email}</span>; you sign in with it from now on.
        </>
      }
    >
      <SetPasswordForm />
    </AuthCard>
  );
}

function DeadLinkNotice({ isSignedIn, reason }: { isSignedIn: boolean; reason: string }) {
  return (
    <AuthCard
      icon={LinkIcon}
      title="This link no longer works"
      description="Invitation and confirmation links work once and expire after a while. Ask an administrator to send you a new invitation, or sign up again. If you have already set your password, sign in with it."
    >
      <p className="text-sm text-muted-foreground">Details: {reason}</p>
      <Button asChild className="w-full">
        {isSignedIn ? <Link to="/app">Go to the dashboard</Link> : <Link to="/auth">Go to sign in</Link>}
      </Button>
    </AuthCard>
  );
}

function NoLinkNotice() {
  return (
    <AuthCard
      icon={LinkIcon}
      title="Open the link from your e-mail"
      description="To set your password, open the link in the invitation or confirmation e-mail you received. Already have a password? Sign in instead."
    >
      <Button asChild className="w-full">
        <Link to="/auth">Go to sign in</Link>
      </Button>
    </AuthCard>
  );
}

type AuthCardProps = {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
};

function AuthCard({ icon: Icon, title, description, children }: AuthCardProps) {
  return (
    <main className="grid min-h-dvh place-items-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <Icon className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-semibold leading-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}
