import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { useDocumentTitle } from "@/lib/use-document-title";

/** An unknown /app path keeps the shell around it, so the sidebar still offers a way out. */
export function AppNotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle("Page not found");
  useEffect(() => {
    console.warn("Back-office route not found:", pathname);
  }, [pathname]);
  return (
    <div className="grid place-items-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Oops! Page not found</h1>
      <Link to="/app" className="text-primary underline-offset-4 hover:underline">
        Return to Dashboard
      </Link>
    </div>
  );
}
