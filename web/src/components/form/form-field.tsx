import type * as React from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

type FormFieldProps = {
  id: string;
  errorId: string;
  label: string;
  error?: string;
  isOptional?: boolean;
  /** Read out but not shown: a list editor's row, whose column already says what the field is. */
  isLabelHidden?: boolean;
  className?: string;
  children: React.ReactNode;
};

/** Label, control and inline error wired together; the control carries aria-describedby={errorId}. */
export function FormField(props: FormFieldProps) {
  const { id, errorId, label, error, isOptional, isLabelHidden, className, children } = props;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id} className={isLabelHidden ? "sr-only" : undefined}>
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
