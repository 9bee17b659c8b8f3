import type { Contact } from "@/features/crm/api/crm-types";

export function formatContactName(contact: Pick<Contact, "first_name" | "last_name">): string {
  return `${contact.first_name} ${contact.last_name}`.trim() || "Unnamed";
}
