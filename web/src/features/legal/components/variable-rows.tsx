import { LEGAL_VARIABLE_TYPES } from "@app/contracts";
import { useWatch } from "react-hook-form";
import { fieldsFor } from "@/components/form/fields";
import { RowListEditor } from "@/components/form/row-list-editor";
import {
  canComeFromContact,
  emptyVariable,
  type TemplateFormValues,
  VARIABLE_TYPE_LABELS,
} from "@/features/legal/utils/template-form";

const TYPE_OPTIONS = LEGAL_VARIABLE_TYPES.map((type) => ({ value: type, label: VARIABLE_TYPE_LABELS[type] }));
const { TextField, SelectField, CheckboxField } = fieldsFor<TemplateFormValues>();

/** The template's variables: each a `{{key}}` the body may use, filled in when a document is made. */
export function VariableRows() {
  const rows = useWatch<TemplateFormValues, "variables">({ name: "variables" });
  return (
    <RowListEditor<TemplateFormValues, "variables">
      name="variables"
      legend="Variables"
      rowLabel={(index) => `variable ${index + 1}`}
      addLabel="Add variable"
      newRow={emptyVariable}
      emptyText="No variables yet."
      className="rounded-md border p-3"
      rowClassName="grid items-start gap-2 border-b pb-3 sm:grid-cols-[1fr_1fr_8rem_auto]"
      renderRow={({ index, prefix, controls }) => {
        const n = index + 1;
        return (
          <>
            <TextField
              name={`${prefix}.key`}
              label={`Variable ${n} key`}
              placeholder="producer"
              className="gap-1"
            />
            <TextField name={`${prefix}.label`} label={`Variable ${n} label`} className="gap-1" />
            <SelectField
              name={`${prefix}.type`}
              label={`Variable ${n} type`}
              options={TYPE_OPTIONS}
              className="gap-1"
            />
            <div className="sm:mt-5">{controls}</div>
            <div className="flex flex-wrap gap-4 sm:col-span-4">
              <CheckboxField name={`${prefix}.required`} label={`Variable ${n} required`} />
              {rows[index] && canComeFromContact(rows[index].type) ? (
                <CheckboxField
                  name={`${prefix}.fromContact`}
                  label={`Variable ${n} filled from a CRM contact`}
                />
              ) : null}
            </div>
          </>
        );
      }}
    />
  );
}
