import type * as React from "react";
import { type FieldValues, type Path, useController } from "react-hook-form";
import {
  ControlledField,
  type ControlledFieldProps,
  type ControlProps,
} from "@/components/form/controlled-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";

type FieldProps<V extends FieldValues> = Omit<ControlledFieldProps<V>, "children">;
type Own<E extends keyof React.JSX.IntrinsicElements> = Omit<
  React.ComponentProps<E>,
  keyof ControlProps | "children" | "className" | "ref"
>;

/** A labelled one-line text field (type, placeholder, autoComplete and the like go to the input). */
function TextField<V extends FieldValues>({
  name,
  label,
  isOptional,
  isLabelHidden,
  className,
  ...input
}: FieldProps<V> & Own<"input">) {
  return (
    <ControlledField<V> {...{ name, label, isOptional, isLabelHidden, className }}>
      {(control) => <Input {...control} {...input} />}
    </ControlledField>
  );
}

/** A labelled multi-line text field. */
function TextareaField<V extends FieldValues>({
  name,
  label,
  isOptional,
  isLabelHidden,
  className,
  ...textarea
}: FieldProps<V> & Own<"textarea">) {
  return (
    <ControlledField<V> {...{ name, label, isOptional, isLabelHidden, className }}>
      {(control) => <Textarea {...control} {...textarea} />}
    </ControlledField>
  );
}

/** A yes-or-no field: a native checkbox inside its label. */
function CheckboxField<V extends FieldValues>({ name, label }: { name: Path<V>; label: string }) {
  const { field } = useController<V>({ name });
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={field.name}
        checked={Boolean(field.value)}
        onChange={(event) => field.onChange(event.target.checked)}
        onBlur={field.onBlur}
      />
      {label}
    </label>
  );
}

type SelectOption = { value: string; label: string };

/** A labelled native select of fixed options (a first option, like "Choose a room", may lead them). */
function SelectField<V extends FieldValues>({
  name,
  label,
  isOptional,
  isLabelHidden,
  className,
  options,
  ...select
}: FieldProps<V> & Own<"select"> & { options: readonly SelectOption[] }) {
  return (
    <ControlledField<V> {...{ name, label, isOptional, isLabelHidden, className }}>
      {(control) => (
        <NativeSelect {...control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </ControlledField>
  );
}

/**
 * The field components held to one form's field names, so a misspelt name fails the typecheck:
 * `const { Field, TextField } = fieldsFor<WorkFormValues>();` at module level. Field takes any control
 * as its child function; the others render the usual one.
 */
export function fieldsFor<V extends FieldValues>() {
  return {
    Field: ControlledField as (props: ControlledFieldProps<V>) => React.ReactElement,
    TextField: TextField as (props: FieldProps<V> & Own<"input">) => React.ReactElement,
    TextareaField: TextareaField as (props: FieldProps<V> & Own<"textarea">) => React.ReactElement,
    CheckboxField: CheckboxField as (props: { name: Path<V>; label: string }) => React.ReactElement,
    SelectField: SelectField as (
      props: FieldProps<V> & Own<"select"> & { options: readonly SelectOption[] },
    ) => React.ReactElement,
  };
}
