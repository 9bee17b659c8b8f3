import { type FieldValues, type Path, useController, useFormContext } from "react-hook-form";
import { TagInput } from "@/components/form/tag-input";

type TagFieldProps<V extends FieldValues> = {
  name: Path<V>;
  label: string;
  itemName: string;
  placeholder?: string;
};

/** A TagInput holding one list field of a react-hook-form form, with that field's error under it. */
export function TagField<V extends FieldValues>({ name, label, itemName, placeholder }: TagFieldProps<V>) {
  const { control } = useFormContext<V>();
  const { field, fieldState } = useController({ name, control });
  return (
    <TagInput
      label={label}
      itemName={itemName}
      placeholder={placeholder}
      tags={field.value as string[]}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}
