import { useState } from "react";
import { FormField } from "@/components/form/form-field";
import { FormFooter } from "@/components/form/form-footer";
import { HandRecordForm as RecordForm } from "@/components/form/hand-record-form";
import { TagInput } from "@/components/form/tag-input";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { Contact } from "@/features/crm/api/crm-types";
import type { ContactKind } from "@/features/crm/api/list-contacts";
import { useInsertRow, useUpdateRow } from "@/features/crm/api/table-writes";
import { CompanySelect } from "@/features/crm/components/company-select";
import { StrengthsEditor } from "@/features/crm/components/strengths-editor";
import {
  contactInsertSchema,
  contactUpdateSchema,
  toContactFormValues,
  toContactPayload,
} from "@/features/crm/utils/contact-form";
import { CONTACT_WORDS } from "@/features/crm/utils/contact-words";
import { useRecordForm } from "@/lib/use-record-form";

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{contact ? `Edit ${words.one}` : words.addTitle}</DialogTitle>
          <DialogDescription>
            {contact ? "Changes are saved to the shared CRM." : words.addDescription}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the record as last read. */}
        {open ? (
          <ContactForm kind={kind} contact={contact} onClose={() => onOpenChange(false)} {...rest} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

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
    initialValues: toContactFormValues(contact, defaults),
    toPayload: (values) => toContactPayload(values, kind),
    schema: contact ? contactUpdateSchema : contactInsertSchema,
    submit: async (payload) => {
      const saved =
        contact && version
          ? await update.mutateAsync({ id: contact.id, version, changes: payload })
          : await create.mutateAsync({ ...payload, kind } as Parameters<typeof create.mutateAsync>[0]);
      onSaved?.(saved);
    },
  });
  const { values, errors, setValue, textField, fieldIds } = form;

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setVersion(fresh.updated_at);
    form.reset(toContactFormValues(fresh));
  };

  return (
    <RecordForm form={form} onSaved={onClose} onReload={reload}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fieldIds("first_name")} label="First name" error={errors.first_name}>
          <Input {...textField("first_name")} autoComplete="off" />
        </FormField>
        <FormField {...fieldIds("last_name")} label="Last name" error={errors.last_name}>
          <Input {...textField("last_name")} autoComplete="off" />
        </FormField>
        {isTalent ? (
          <FormField {...fieldIds("stage_name")} label="Stage name" error={errors.stage_name} isOptional>
            <Input {...textField("stage_name")} autoComplete="off" />
          </FormField>
        ) : null}
        <FormField {...fieldIds("company_id")} label="Company" error={errors.company_id} isOptional>
          <CompanySelect {...textField("company_id")} noneLabel="No company" />
        </FormField>
        <FormField {...fieldIds("email")} label="Email" error={errors.email} isOptional>
          <Input {...textField("email")} type="email" autoComplete="off" />
        </FormField>
        <FormField {...fieldIds("phone")} label="Phone" error={errors.phone} isOptional>
          <Input {...textField("phone")} type="tel" autoComplete="off" />
        </FormField>
        <FormField {...fieldIds("location")} label="Location" error={errors.location} isOptional>
          <Input {...textField("location")} autoComplete="off" />
        </FormField>
        {isTalent ? (
          <FormField
            {...fieldIds("reliability_score")}
            label="Reliability score (out of 10)"
            error={errors.reliability_score}
            isOptional
          >
            <Input
              {...textField("reliability_score")}
              type="number"
              inputMode="decimal"
              min={0}
              max={10}
              step={0.1}
            />
          </FormField>
        ) : null}
      </div>
      <TagInput
        label="Roles"
        itemName="role"
        placeholder={isTalent ? "Add a role, e.g. Producer" : "Add a role, e.g. A&R"}
        tags={values.roles}
        onChange={(roles) => setValue("roles", roles)}
        error={errors.roles}
      />
      {isTalent ? (
        <>
          <TagInput
            label="Genres"
            itemName="genre"
            tags={values.genres}
            onChange={(genres) => setValue("genres", genres)}
            error={errors.genres}
          />
          <TagInput
            label="Languages"
            itemName="language"
            tags={values.languages}
            onChange={(languages) => setValue("languages", languages)}
            error={errors.languages}
          />
          <StrengthsEditor
            strengths={values.strengths}
            onChange={(strengths) => setValue("strengths", strengths)}
            error={errors.strengths}
            errorId={fieldIds("strengths").errorId}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              {...fieldIds("pro_society")}
              label="Society (PRO)"
              error={errors.pro_society}
              isOptional
            >
              <Input {...textField("pro_society")} placeholder="e.g. STIM" autoComplete="off" />
            </FormField>
            <FormField {...fieldIds("ipi")} label="IPI name number" error={errors.ipi} isOptional>
              <Input {...textField("ipi")} inputMode="numeric" autoComplete="off" />
            </FormField>
          </div>
        </>
      ) : null}
      <FormField {...fieldIds("notes")} label="Notes" error={errors.notes} isOptional>
        <Textarea {...textField("notes")} rows={3} />
      </FormField>
      <FormFooter
        isBusy={form.isSubmitting}
        submitLabel={contact ? "Save Changes" : words.addTitle}
        formError={form.formError}
        onCancel={onClose}
      />
    </RecordForm>
  );
}
