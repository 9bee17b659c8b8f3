import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** A list that could not be read: what failed, announced at once, and a way to read it again. */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry(): void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3">
      <p className="text-error-text">{children}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
