import type * as React from "react";
import { fieldClasses } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** A styled native <select>: keyboard, mobile pickers and form autofill come for free. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(fieldClasses, "h-10", className)} {...props} />;
}
