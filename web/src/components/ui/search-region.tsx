import type * as React from "react";
import { cn } from "@/lib/utils";

/** A list's search box and filters, as a search landmark. */
export function SearchRegion({
  className,
  ...props
}: React.ComponentProps<"div"> & { "aria-label": string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: React 18 does not know <search> and warns; the role is the same landmark.
    <div role="search" className={cn("flex flex-wrap items-end gap-3", className)} {...props} />
  );
}
