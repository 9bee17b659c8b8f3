import { ControlledField } from "@/components/form/controlled-field";
import { RowListEditor } from "@/components/form/row-list-editor";
import { Input } from "@/components/ui/input";
import type { WorkFormValues } from "@/features/portfolio/utils/work-form";

/** Where a work can be heard: one platform and address per row, rows added, moved and removed freely. */
export function ExternalLinksEditor() {
  return (
    <RowListEditor<WorkFormValues, "external_links">
      name="external_links"
      legend={
        <>
          External links <span className="font-normal text-muted-foreground">(optional)</span>
        </>
      }
      rowLabel={(index) => `link ${index + 1}`}
      addLabel="Add link"
      newRow={() => ({ platform: "", url: "" })}
      listClassName="gap-2"
      rowClassName="grid grid-cols-[8rem_1fr_auto] items-start gap-2"
      renderRow={({ index, prefix, controls }) => (
        <>
          <ControlledField<WorkFormValues>
            name={`${prefix}.platform`}
            label={`Platform of link ${index + 1}`}
            isLabelHidden
          >
            {(control) => <Input {...control} placeholder="Spotify" />}
          </ControlledField>
          <ControlledField<WorkFormValues>
            name={`${prefix}.url`}
            label={`URL of link ${index + 1}`}
            isLabelHidden
          >
            {(control) => <Input {...control} type="url" placeholder="https://" />}
          </ControlledField>
          {controls}
        </>
      )}
    />
  );
}
