import { PARTY_ROLES } from "@app/contracts";
import { fieldsFor } from "@/components/form/fields";
import { RowListEditor } from "@/components/form/row-list-editor";
import type { DocumentFormValues } from "@/features/legal/utils/document-form";

const ROLE_OPTIONS = PARTY_ROLES.map((role) => ({
  value: role,
  label: { signer: "Signer", viewer: "Viewer" }[role],
}));
const { TextField, SelectField } = fieldsFor<DocumentFormValues>();

/** Who signs (each mailed a signing link when the document is sent) and who only receives the result. */
export function PartiesEditor() {
  return (
    <RowListEditor<DocumentFormValues, "parties">
      name="parties"
      legend="Parties"
      rowLabel={(index) => `party ${index + 1}`}
      addLabel="Add party"
      newRow={() => ({ name: "", email: "", role: "signer" })}
      emptyText="No parties yet."
      className="rounded-md border p-3"
      rowClassName="grid items-start gap-2 sm:grid-cols-[1fr_1fr_8rem_auto]"
      renderRow={({ index, prefix, controls }) => (
        <>
          <TextField name={`${prefix}.name`} label={`Party ${index + 1} name`} className="gap-1" />
          <TextField
            name={`${prefix}.email`}
            label={`Party ${index + 1} e-mail`}
            type="email"
            className="gap-1"
          />
          <SelectField
            name={`${prefix}.role`}
            label={`Party ${index + 1} role`}
            options={ROLE_OPTIONS}
            className="gap-1"
          />
          <div className="sm:mt-5">{controls}</div>
        </>
      )}
    />
  );
}
