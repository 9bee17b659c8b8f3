import { type ReactNode, useId } from "react";
import { type FieldValues, type Path, useController, useFormContext } from "react-hook-form";
import { FormField } from "@/components/form/form-field";

/** What a text-like control (Input, Textarea, NativeSelect) needs: spread it onto the control. */
export type ControlProps = {
  id: string;
  name: string;
  value: string;
  onChange(event: { target: { value: string } }): void;
  onBlur(): void;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

export type ControlledFieldProps<V extends FieldValues> = {
  name: Path<V>;
  label: string;
  isOptional?: boolean;
  /** The label is read out but not shown (a row of a list editor, where the column says what it is). */
  isLabelHidden?: boolean;
  className?: string;
  children(control: ControlProps): ReactNode;
};

/**
 * One field of a react-hook-form form: its label, the control the children render, and its first error
 * under it, linked to the control with aria-describedby.
 */
export function ControlledField<V extends FieldValues>({
  name,
  label,
  isOptional,
  isLabelHidden,
  className,
  children,
}: ControlledFieldProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  const { control } = useFormContext<V>();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  return (
    <FormField
      id={id}
      errorId={errorId}
      label={label}
      error={error}
      isOptional={isOptional}
      isLabelHidden={isLabelHidden}
      className={className}
    >
      {children({
        id,
        name: field.name,
        value: String(field.value ?? ""),
        onChange: (event) => field.onChange(event.target.value),
        onBlur: field.onBlur,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
    </FormField>
  );
}
