import { Link } from "react-router-dom";

/** Placeholder until the back-office shell lands; everything under /app renders here for now. */
export function AppPlaceholder() {
  return (
    <main className="grid min-h-dvh place-items-center px-4 text-center">
      <div className="grid gap-3">
        <h1 className="text-3xl font-bold">Music business dashboard</h1>
        <p className="text-muted-foreground">Coming Soon</p>
        <Link to="/" className="text-primary underline-offset-4 hover:underline">
          Back to the website
        </Link>
      </div>
    </main>
  );
}
