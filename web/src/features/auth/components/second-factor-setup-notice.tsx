import { ShieldAlert } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { useAuth } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The server keeps aal1 sessions out of the back office and this person has no factor yet. */
export function SecondFactorSetupNotice() {
  const { signOut } = useAuth();
  useDocumentTitle("Set up two-factor authentication");
  return (
    <main className="grid min-h-dvh place-items-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <ShieldAlert className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-semibold leading-tight">Set up two-factor authentication</h1>
          <CardDescription>
            The dashboard needs a code from an authenticator app as well as your password. Add an app to your
            account first; it takes a minute.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/app/settings">Set up now</Link>
          </Button>
          <Button variant="ghost" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
