import type { LegalVariable } from "@app/contracts";
import { type FormEvent, useId, useState } from "react";
import { ConflictNotice } from "@/components/form/conflict-notice";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { Input } from "@/components/ui/input";
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
import { describeApiError } from "@/lib/api-errors";
import { fieldErrorOf, StaleRecordError } from "@/lib/postgrest";

const INPUT_TYPES = {
  text: "text",
  date: "date",
  number: "number",
  percent: "number",
  party: "text",
} as const;

type DocumentFormProps = {
  templates: LegalTemplate[];
  initialValues: DocumentFormValues;
  /** A saved draft's template cannot change: its variables were filled for that template. */
  isTemplateFixed?: boolean;
  submitLabel: string;
  onSubmit(document: ReturnType<typeof formToDocument>): Promise<unknown>;
  onCancel(): void;
  onReload?(): Promise<unknown>;
};

/** Choose a template, name the document, fill its variables and list who signs. */
export function DocumentForm(props: DocumentFormProps) {
  const { templates, initialValues, isTemplateFixed, submitLabel, onSubmit, onCancel, onReload } = props;
  const id = useId();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isStale, setIsStale] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const template = templates.find((t) => t.id === values.template_id);
  const usesContact = template?.variables.some((v) => v.source === "contact") ?? false;
  const set = (change: Partial<DocumentFormValues>) => setValues((previous) => ({ ...previous, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!values.template_id) next.template_id = "Choose a template";
    if (!values.title.trim()) next.title = "A document needs a title";
    setErrors(next);
    setFormError(null);
    setIsStale(false);
    if (Object.keys(next).length > 0) return;
    setIsBusy(true);
    try {
      await onSubmit(formToDocument(values, template));
    } catch (error) {
      if (error instanceof StaleRecordError) setIsStale(true);
      else {
        const field = fieldErrorOf(error);
        if (field && ["title", "template_id", "parties", "payload"].includes(field.field)) {
          setErrors({ [field.field]: field.message });
        } else setFormError(describeApiError(error));
      }
    } finally {
      setIsBusy(false);
    }
  };

  const fieldProps = (name: string) => ({
    id: `${id}-${name}`,
    errorId: `${id}-${name}-error`,
    error: errors[name],
  });
  const describedBy = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);

  const variableField = (variable: LegalVariable) => {
    const label = `${variable.label}${variable.type === "percent" ? " (%)" : ""}`;
    const common = { isOptional: !variable.required, className: "min-w-0" };
    if (variable.type === "party") {
      if (fromContact(variable, values.contact_id)) {
        return (
          <p key={variable.key} className="text-sm">
            <span className="font-medium">{variable.label}:</span> filled from the source contact
          </p>
        );
      }
      const party = values.party[variable.key] ?? { name: "", email: "" };
      const setParty = (change: Partial<typeof party>) =>
        set({ party: { ...values.party, [variable.key]: { ...party, ...change } } });
      return (
        <div key={variable.key} className="grid gap-3 sm:grid-cols-2">
          <FormField {...fieldProps(`var-${variable.key}`)} label={`${variable.label} name`} {...common}>
            <Input
              id={`${id}-var-${variable.key}`}
              value={party.name}
              onChange={(event) => setParty({ name: event.target.value })}
            />
          </FormField>
          <FormField
            {...fieldProps(`var-${variable.key}-email`)}
            label={`${variable.label} e-mail`}
            isOptional
          >
            <Input
              id={`${id}-var-${variable.key}-email`}
              type="email"
              value={party.email}
              onChange={(event) => setParty({ email: event.target.value })}
            />
          </FormField>
        </div>
      );
    }
    return (
      <FormField key={variable.key} {...fieldProps(`var-${variable.key}`)} label={label} {...common}>
        <Input
          id={`${id}-var-${variable.key}`}
          type={INPUT_TYPES[variable.type]}
          step={variable.type === "text" || variable.type === "date" ? undefined : "any"}
          value={values.text[variable.key] ?? ""}
          onChange={(event) => set({ text: { ...values.text, [variable.key]: event.target.value } })}
        />
      </FormField>
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid max-w-3xl gap-5">
      <FormField {...fieldProps("template_id")} label="Template">
        <NativeSelect
          id={`${id}-template_id`}
          value={values.template_id}
          disabled={isTemplateFixed}
          aria-invalid={errors.template_id ? true : undefined}
          aria-describedby={describedBy("template_id")}
          onChange={(event) => {
            const chosen = templates.find((t) => t.id === event.target.value);
            set({ template_id: event.target.value, title: values.title || (chosen?.title ?? "") });
          }}
        >
          <option value="">Choose a template</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title} ({t.category})
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField {...fieldProps("title")} label="Title">
        <Input
          id={`${id}-title`}
          value={values.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy("title")}
          onChange={(event) => set({ title: event.target.value })}
        />
      </FormField>
      {usesContact ? (
        <ContactSourceField
          contactId={values.contact_id}
          onChange={(contact) => {
            const alreadyParty = contact && values.parties.some((p) => p.email === contact.email);
            set({
              contact_id: contact?.id ?? "",
              // The picked contact usually signs: added once as a signer, editable below.
              parties:
                contact?.email && !alreadyParty
                  ? [...values.parties, { name: contactName(contact), email: contact.email, role: "signer" }]
                  : values.parties,
            });
          }}
        />
      ) : null}
      {template && template.variables.length > 0 ? (
        <fieldset className="grid gap-4 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Variables</legend>
          {template.variables.map(variableField)}
          {errors.payload ? <p className="text-sm text-error-text">{errors.payload}</p> : null}
        </fieldset>
      ) : null}
      {isSplitSheet(template) ? (
        <WritersEditor writers={values.writers} onChange={(writers) => set({ writers })} />
      ) : null}
      <PartiesEditor
        parties={values.parties}
        onChange={(parties) => set({ parties })}
        error={errors.parties}
      />
      {isStale && onReload ? <ConflictNotice onReload={onReload} /> : null}
      <FormFooter isBusy={isBusy} submitLabel={submitLabel} formError={formError} onCancel={onCancel} />
    </form>
  );
}
