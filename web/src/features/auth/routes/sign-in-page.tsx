import { Link, Navigate, type Path, useLocation } from "react-router-dom";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SITE } from "@/config/site";
import { EmailLinkForm } from "@/features/auth/components/email-link-form";
import { FullPageSpinner } from "@/features/auth/components/full-page-spinner";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { SignUpForm } from "@/features/auth/components/sign-up-form";
import { useAuth } from "@/lib/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";

export const PORTAL_TITLE = `${SITE.name} Portal`;

/** Where the /app guard sent the visitor from; only back-office locations are honoured. */
function rememberedLocation(state: unknown): Partial<Path> {
  const from = (state as { from?: Partial<Path> } | null)?.from;
  if (typeof from?.pathname === "string" && /^\/app(\/|$)/.test(from.pathname)) {
    return { pathname: from.pathname, search: from.search ?? "", hash: from.hash ?? "" };
  }
  return { pathname: "/app" };
}

/** /auth and /login: three ways in; a signed-in visitor goes straight on to the back office. */
export function SignInPage() {
  const { status } = useAuth();
  const location = useLocation();
  useDocumentTitle("Sign in");

  if (status === "loading") return <FullPageSpinner />;
  if (status === "signed-in") return <Navigate to={rememberedLocation(location.state)} replace />;

  return (
    <main className="grid min-h-dvh place-items-center px-4 py-12">
      <div className="grid w-full max-w-md gap-6">
        <header className="grid gap-2 text-center">
          <h1 className="text-3xl font-bold">{PORTAL_TITLE}</h1>
          <p className="text-muted-foreground">Sign in to access your music business dashboard</p>
        </header>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-center text-2xl">
              Welcome
            </CardTitle>
          </CardHeader>
          <CardContent>
            <Tabs defaultValue="sign-in">
              <TabsList className="grid w-full grid-cols-3">
                <TabsTrigger value="sign-in" className="px-2">
                  Sign In
                </TabsTrigger>
                <TabsTrigger value="sign-up" className="px-2">
                  Sign Up
                </TabsTrigger>
                <TabsTrigger value="magic-link" className="px-2">
                  Magic Link
                </TabsTrigger>
              </TabsList>
              <TabsContent value="sign-in">
                <SignInForm />
              </TabsContent>
              <TabsContent value="sign-up">
                <SignUpForm />
              </TabsContent>
              <TabsContent value="magic-link">
                <EmailLinkForm flow="magicLink" />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
        <Link
          to="/"
          className="justify-self-center text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Back to the website
        </Link>
      </div>
    </main>
  );
}
