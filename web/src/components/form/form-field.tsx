import type * as React from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

type FormFieldProps = {
  id: string;
  errorId: string;
  label: string;
  error?: string;
  isOptional?: boolean;
  className?: string;
  children: React.ReactNode;
};

/** Label, control and inline error wired together; the control carries aria-describedby={errorId}. */
export function FormField({ id, errorId, label, error, isOptional, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {isOptional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </Label>
      {children}
      {error ? (
        <p id={errorId} className="text-sm text-error-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
