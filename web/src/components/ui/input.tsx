import type * as React from "react";
import { cn } from "@/lib/utils";

export const fieldClasses =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-zinc-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400 sm:text-sm";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} className={cn(fieldClasses, "h-10", className)} {...props} />;
}
