import { useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { type ContactOption, useContactOptions } from "@/features/legal/api/legal-queries";

type ContactSourceFieldProps = {
  contactId: string;
  onChange(contact: ContactOption | null): void;
};

export const contactName = (contact: ContactOption) => `${contact.first_name} ${contact.last_name}`.trim();

/**
 * The document's source contact, picked from the CRM: the server fills every contact-sourced variable
 * from it (a party's name, e-mail, IPI and society). A search narrows the list to the first 50 matches.
 */
export function ContactSourceField({ contactId, onChange }: ContactSourceFieldProps) {
  const id = useId();
  const [search, setSearch] = useState("");
  const contacts = useContactOptions(search);
  const options = contacts.data ?? [];
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Source contact</legend>
      <p className="text-sm text-muted-foreground">
        Contact-sourced variables are filled from this CRM contact when the document is saved.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-search`}>Find a contact</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            placeholder="Name or e-mail"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-contact`}>Contact</Label>
          <NativeSelect
            id={`${id}-contact`}
            value={contactId}
            onChange={(event) => onChange(options.find((c) => c.id === event.target.value) ?? null)}
          >
            <option value="">No contact</option>
            {contactId && !options.some((c) => c.id === contactId) ? (
              <option value={contactId}>The current contact</option>
            ) : null}
            {options.map((contact) => (
              <option key={contact.id} value={contact.id}>
                {contactName(contact)}
                {contact.email ? ` (${contact.email})` : ""}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </fieldset>
  );
}
