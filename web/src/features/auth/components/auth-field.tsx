import type * as React from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type AuthFieldProps = Omit<React.ComponentPropsWithoutRef<typeof Input>, "onChange" | "value"> & {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Shown under the input (a hint, or the server's weak-password reasons). */
  children?: React.ReactNode;
};

/** A labelled, required input of the sign-in screen's forms. */
export function AuthField({ id, label, value, onValueChange, children, ...inputProps }: AuthFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        required
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...inputProps}
      />
      {children}
    </div>
  );
}
