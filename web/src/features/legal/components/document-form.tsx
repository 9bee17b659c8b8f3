import type { LegalVariable } from "@app/contracts";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { errorAt } from "@/components/form/record-resolver";
import { useRecordForm } from "@/components/form/use-record-form";
import { NativeSelect } from "@/components/ui/native-select";
import type { LegalTemplate } from "@/features/legal/api/legal-types";
import { ContactSourceField, contactName } from "@/features/legal/components/contact-source-field";
import { PartiesEditor } from "@/features/legal/components/parties-editor";
import { WritersEditor } from "@/features/legal/components/writers-editor";
import {
  type DocumentFormValues,
  formToDocument,
  fromContact,
  isSplitSheet,
} from "@/features/legal/utils/document-form";
import { fieldErrorOf } from "@/lib/postgrest";

const INPUT_TYPES = {
  text: "text",
  date: "date",
  number: "number",
  percent: "number",
  party: "text",
} as const;

type DocumentPayload = ReturnType<typeof formToDocument>;

/** What a draft needs before it is saved; the rest (a payload a template refuses) is the server's to say. */
const documentSchema = z
  .object({
    template_id: z.string().min(1, "Choose a template"),
    title: z.string().min(1, "A document needs a title"),
  })
  .passthrough() as unknown as z.ZodType<DocumentPayload, z.ZodTypeDef, unknown>;

const { Field, TextField } = fieldsFor<DocumentFormValues>();

type DocumentFormProps = {
  templates: LegalTemplate[];
  initialValues: DocumentFormValues;
  /** A saved draft's template cannot change: its variables were filled for that template. */
  isTemplateFixed?: boolean;
  submitLabel: string;
  onSubmit(document: DocumentPayload): Promise<unknown>;
  onCancel(): void;
  onReload?(): Promise<unknown>;
};

/** A variable's input: a party as its name and e-mail (unless the source contact fills it), else one value. */
function VariableField({ variable, contactId }: { variable: LegalVariable; contactId: string }) {
  const label = `${variable.label}${variable.type === "percent" ? " (%)" : ""}`;
  const common = { isOptional: !variable.required, className: "min-w-0" };
  if (variable.type !== "party") {
    return (
      <TextField
        name={`text.${variable.key}`}
        label={label}
        {...common}
        type={INPUT_TYPES[variable.type]}
        step={variable.type === "text" || variable.type === "date" ? undefined : "any"}
      />
    );
  }
  if (fromContact(variable, contactId)) {
    return (
      <p className="text-sm">
        <span className="font-medium">{variable.label}:</span> filled from the source contact
      </p>
    );
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField name={`party.${variable.key}.name`} label={`${variable.label} name`} {...common} />
      <TextField
        name={`party.${variable.key}.email`}
        label={`${variable.label} e-mail`}
        type="email"
        isOptional
      />
    </div>
  );
}

/** Choose a template, name the document, fill its variables and list who signs. */
export function DocumentForm(props: DocumentFormProps) {
  const { templates, initialValues, isTemplateFixed, submitLabel, onSubmit, onCancel, onReload } = props;
  const templateOf = (id: string) => templates.find((t) => t.id === id);
  const form = useRecordForm({
    defaultValues: initialValues,
    toPayload: (values: DocumentFormValues) => formToDocument(values, templateOf(values.template_id)),
    schema: documentSchema,
    submit: onSubmit,
    // A payload the template refuses is said under the variables, which make it.
    placeError: (error) => {
      const problem = fieldErrorOf(error);
      return problem?.field === "payload" ? { field: "root.payload", message: problem.message } : null;
    },
  });
  const { control, getValues, setValue, formState } = form.form;
  const [templateId, contactId] = useWatch({ control, name: ["template_id", "contact_id"] });
  const template = templateOf(templateId);
  const usesContact = template?.variables.some((v) => v.source === "contact") ?? false;
  const payloadError = errorAt(formState.errors, "root.payload");

  return (
    <RecordForm
      form={form}
      submitLabel={submitLabel}
      onCancel={onCancel}
      onReload={onReload}
      className="max-w-3xl gap-5"
    >
      <Field name="template_id" label="Template">
        {(select) => (
          <NativeSelect
            {...select}
            disabled={isTemplateFixed}
            onChange={(event) => {
              select.onChange(event);
              const chosen = templateOf(event.target.value);
              if (!getValues("title")) setValue("title", chosen?.title ?? "");
            }}
          >
            <option value="">Choose a template</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title} ({t.category})
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <TextField name="title" label="Title" />
      {usesContact ? (
        <ContactSourceField
          contactId={contactId}
          onChange={(contact) => {
            setValue("contact_id", contact?.id ?? "");
            const parties = getValues("parties");
            // The picked contact usually signs: added once as a signer, editable below.
            if (contact?.email && !parties.some((p) => p.email === contact.email)) {
              setValue("parties", [
                ...parties,
                { name: contactName(contact), email: contact.email, role: "signer" },
              ]);
            }
          }}
        />
      ) : null}
      {template && template.variables.length > 0 ? (
        <fieldset className="grid gap-4 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Variables</legend>
          {template.variables.map((variable) => (
            <VariableField key={variable.key} variable={variable} contactId={contactId} />
          ))}
          {payloadError ? <p className="text-sm text-error-text">{payloadError}</p> : null}
        </fieldset>
      ) : null}
      {isSplitSheet(template) ? <WritersEditor /> : null}
      <PartiesEditor />
    </RecordForm>
  );
}
