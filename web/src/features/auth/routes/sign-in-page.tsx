import { Link } from "react-router-dom";

/** Placeholder until the sign-in feature lands; the route and its lazy chunk are already wired. */
export function SignInPage() {
  return (
    <main className="grid min-h-dvh place-items-center px-4 text-center">
      <div className="grid gap-3">
        <h1 className="text-3xl font-bold">Sign in</h1>
        <p className="text-muted-foreground">Sign in to access your music business dashboard</p>
        <Link to="/" className="text-primary underline-offset-4 hover:underline">
          Back to the website
        </Link>
      </div>
    </main>
  );
}
