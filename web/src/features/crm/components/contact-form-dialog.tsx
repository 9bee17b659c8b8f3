import { useState } from "react";
import { fieldsFor } from "@/components/form/fields";
import { RecordForm } from "@/components/form/record-form";
import { RecordFormDialog } from "@/components/form/record-form-dialog";
import { TagField } from "@/components/form/tag-field";
import { useRecordForm } from "@/components/form/use-record-form";
import type { Contact } from "@/features/crm/api/crm-types";
import type { ContactKind } from "@/features/crm/api/list-contacts";
import { useInsertRow, useUpdateRow } from "@/features/crm/api/table-writes";
import { CompanySelect } from "@/features/crm/components/company-select";
import { StrengthsEditor } from "@/features/crm/components/strengths-editor";
import {
  type ContactFormValues,
  contactInsertSchema,
  contactUpdateSchema,
  toContactFormValues,
  toContactPayload,
} from "@/features/crm/utils/contact-form";
import { CONTACT_WORDS } from "@/features/crm/utils/contact-words";

type ContactFormDialogProps = {
  kind: ContactKind;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The contact to edit, as last read; none to add one. */
  contact?: Contact | null;
  /** Values a new contact starts with (a company page adds its own people). */
  defaults?: { company_id?: string };
  /** Reads the contact again (after a refused, stale save). */
  onReload?(): Promise<Contact | null | undefined>;
  onSaved?(contact: Contact): void;
};

/** Add Talent / New Contact, and the edit dialog of a contact's page. */
export function ContactFormDialog({ kind, open, onOpenChange, contact, ...rest }: ContactFormDialogProps) {
  const words = CONTACT_WORDS[kind];
  return (
    <RecordFormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-2xl"
      title={contact ? `Edit ${words.one}` : words.addTitle}
      description={contact ? "Changes are saved to the shared CRM." : words.addDescription}
    >
      <ContactForm kind={kind} contact={contact} onClose={() => onOpenChange(false)} {...rest} />
    </RecordFormDialog>
  );
}

const { Field, TextField, TextareaField } = fieldsFor<ContactFormValues>();

type ContactFormProps = Omit<ContactFormDialogProps, "open" | "onOpenChange"> & { onClose(): void };

function ContactForm({ kind, contact, defaults, onReload, onSaved, onClose }: ContactFormProps) {
  const words = CONTACT_WORDS[kind];
  const isTalent = kind === "talent";
  // The version this form was filled from: the save is refused if the record has moved on since.
  const [version, setVersion] = useState(contact?.updated_at);
  const create = useInsertRow("crm_contacts", {
    successMessage: words.added,
    errorMessage: `Could not add the ${words.one}`,
  });
  const update = useUpdateRow("crm_contacts", {
    successMessage: "Changes saved",
    errorMessage: `Could not save the ${words.one}`,
  });
  const form = useRecordForm({
    defaultValues: toContactFormValues(contact, defaults),
    toPayload: (values: ContactFormValues) => toContactPayload(values, kind),
    schema: contact ? contactUpdateSchema : contactInsertSchema,
    submit: async (payload) => {
      const saved =
        contact && version
          ? await update.mutateAsync({ id: contact.id, version, changes: payload })
          : await create.mutateAsync({ ...payload, kind } as Parameters<typeof create.mutateAsync>[0]);
      onSaved?.(saved);
    },
  });

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toContactFormValues(fresh));
  };

  return (
    <RecordForm
      editing={contact ? { table: "crm_contacts", id: contact.id } : undefined}
      form={form}
      submitLabel={contact ? "Save Changes" : words.addTitle}
      onSaved={onClose}
      onCancel={onClose}
      onReload={reload}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="first_name" label="First name" autoComplete="off" />
        <TextField name="last_name" label="Last name" autoComplete="off" />
        {isTalent ? <TextField name="stage_name" label="Stage name" isOptional autoComplete="off" /> : null}
        <Field name="company_id" label="Company" isOptional>
          {(control) => <CompanySelect {...control} noneLabel="No company" />}
        </Field>
        <TextField name="email" label="Email" isOptional type="email" autoComplete="off" />
        <TextField name="phone" label="Phone" isOptional type="tel" autoComplete="off" />
        <TextField name="location" label="Location" isOptional autoComplete="off" />
        {isTalent ? (
          <TextField
            name="reliability_score"
            label="Reliability score (out of 10)"
            isOptional
            type="number"
            inputMode="decimal"
            min={0}
            max={10}
            step={0.1}
          />
        ) : null}
      </div>
      <TagField<ContactFormValues>
        name="roles"
        label="Roles"
        itemName="role"
        placeholder={isTalent ? "Add a role, e.g. Producer" : "Add a role, e.g. A&R"}
      />
      {isTalent ? (
        <>
          <TagField<ContactFormValues> name="genres" label="Genres" itemName="genre" />
          <TagField<ContactFormValues> name="languages" label="Languages" itemName="language" />
          <StrengthsEditor />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="pro_society"
              label="Society (PRO)"
              isOptional
              placeholder="e.g. STIM"
              autoComplete="off"
            />
            <TextField name="ipi" label="IPI name number" isOptional inputMode="numeric" autoComplete="off" />
          </div>
        </>
      ) : null}
      <TextareaField name="notes" label="Notes" isOptional rows={3} />
    </RecordForm>
  );
}
