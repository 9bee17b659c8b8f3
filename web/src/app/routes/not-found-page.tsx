import { NOT_FOUND_PAGE_TITLE } from "@app/contracts";
import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle(NOT_FOUND_PAGE_TITLE);

  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <section className="mx-auto grid max-w-xl place-items-center gap-4 px-4 py-24 text-center">
      <p aria-hidden="true" className="text-7xl font-extrabold text-primary">
        404
      </p>
      <h1 className="text-2xl font-bold">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you were looking for has moved or never existed.</p>
      <Button asChild variant="outline">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
