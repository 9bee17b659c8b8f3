import { ExternalLink as ExternalLinkIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";

type ExternalLinkProps = Omit<React.ComponentProps<"a">, "target" | "rel"> & { showIcon?: boolean };

/** Opens in a new tab and says so to screen-reader users. */
export function ExternalLink({ children, className, showIcon = true, ...props }: ExternalLinkProps) {
  return (
    <a
      target="_blank"
      rel="noopener noreferrer"
      className={cn("inline-flex items-center gap-1", className)}
      {...props}
    >
      {children}
      {showIcon ? <ExternalLinkIcon className="size-3.5" aria-hidden="true" /> : null}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
