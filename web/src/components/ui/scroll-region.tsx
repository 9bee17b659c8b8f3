import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A labelled region that scrolls sideways when its content is wider than the screen (a week of days on a
 * phone), inside its own box: its content's width never widens the page (inline-size containment). It takes focus so a keyboard can scroll it even when it holds nothing else focusable.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
      tabIndex={0}
      className={cn(
        "overflow-x-auto contain-inline-size focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </section>
  );
}
