import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";

/** A screen's or a panel's "Loading …" line: announced to screen readers, with a spinner beside it. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground">
      <Spinner />
      {children}
    </p>
  );
}
