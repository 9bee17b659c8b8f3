import { useWatch } from "react-hook-form";
import { ControlledField } from "@/components/form/controlled-field";
import { RowListEditor } from "@/components/form/row-list-editor";
import { Input } from "@/components/ui/input";
import type { ContactFormValues } from "@/features/crm/utils/contact-form";

/** Skills and their scores out of 10, one row each. */
export function StrengthsEditor() {
  const strengths = useWatch<ContactFormValues, "strengths">({ name: "strengths" });
  const skillOf = (index: number) => strengths[index]?.skill || `skill ${index + 1}`;
  return (
    <RowListEditor<ContactFormValues, "strengths">
      name="strengths"
      legend="Strengths (each out of 10)"
      rowLabel={skillOf}
      addLabel="Add strength"
      newRow={() => ({ skill: "", score: "" })}
      listClassName="gap-2"
      rowClassName="flex items-start gap-2"
      renderRow={({ index, prefix, controls, listError }) => (
        <>
          <ControlledField<ContactFormValues>
            name={`${prefix}.skill`}
            label={`Skill ${index + 1}`}
            isLabelHidden
            className="flex-1"
          >
            {(control) => <Input {...control} placeholder="Skill, e.g. melody" />}
          </ControlledField>
          <ControlledField<ContactFormValues>
            name={`${prefix}.score`}
            label={`Score for ${skillOf(index)}, out of 10`}
            isLabelHidden
          >
            {(control) => (
              <Input
                {...control}
                // A score the record refuses is reported for the whole list: its scores are what to check.
                aria-invalid={control["aria-invalid"] ?? (listError ? true : undefined)}
                type="number"
                inputMode="decimal"
                min={0}
                max={10}
                step={0.5}
                className="w-24"
              />
            )}
          </ControlledField>
          <span className="mt-2.5 text-sm text-muted-foreground" aria-hidden="true">
            /10
          </span>
          {controls}
        </>
      )}
    />
  );
}
