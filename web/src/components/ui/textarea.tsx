import type * as React from "react";
import { fieldClasses } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(fieldClasses, "min-h-24 resize-y", className)} {...props} />;
}
