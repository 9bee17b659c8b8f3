import type * as React from "react";
import { FormField } from "@/components/form/form-field";
import { Input } from "@/components/ui/input";

type CodeFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Shown under the label: where the code comes from. */
  hint?: string;
  autoFocus?: boolean;
  /** `one-time-code` lets phones offer a code that just arrived by mail or text. */
  autoComplete?: React.ComponentProps<"input">["autoComplete"];
};

/** A 6-digit code (authenticator app or e-mail): numeric keyboard on phones, spaces allowed while typing. */
export function CodeField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  autoFocus,
  autoComplete = "one-time-code",
}: CodeFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <FormField id={id} errorId={errorId} label={label} error={error}>
      {hint ? (
        <p id={hintId} className="-mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <Input
        id={id}
        name={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="numeric"
        autoComplete={autoComplete}
        // Room for "123 456" as apps show it; the digits are checked before sending.
        maxLength={9}
        spellCheck={false}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="max-w-48 font-mono tracking-widest"
      />
    </FormField>
  );
}
