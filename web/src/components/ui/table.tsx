import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A table wider than its card scrolls sideways inside the card, never the page: the wrapper's own width
 * never counts towards its parents' minimum (inline-size containment), so the screen's grid and flex
 * boxes stay as wide as the phone. Its words break only between words (the shell breaks long words
 * anywhere), so a column is as wide as its longest word and the table scrolls instead of shredding them.
 */
export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div className="relative w-full overflow-x-auto contain-inline-size">
      <table className={cn("w-full caption-bottom text-sm wrap-break-word", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/50", className)} {...props} />;
}

/**
 * `rowActions` marks the row-actions column: it stays pinned to the table's right edge while the rest
 * scrolls sideways, so Edit and Delete are on screen on a phone whatever the row's width.
 */
const ROW_ACTIONS = "sticky right-0 bg-card text-right shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.5)]";

type RowActionsProp = { rowActions?: boolean };

export function TableHead({ className, rowActions, ...props }: React.ComponentProps<"th"> & RowActionsProp) {
  return (
    <th
      className={cn(
        "h-10 px-3 align-middle font-medium whitespace-nowrap text-muted-foreground",
        rowActions ? ROW_ACTIONS : "text-left",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, rowActions, ...props }: React.ComponentProps<"td"> & RowActionsProp) {
  return <td className={cn("p-3 align-middle", rowActions && [ROW_ACTIONS, "py-1"], className)} {...props} />;
}
