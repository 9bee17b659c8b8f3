import type { ContactKind } from "@/features/crm/api/list-contacts";

/** How the screens name each kind of contact (talent and industry people share the table). */
export const CONTACT_WORDS: Record<
  ContactKind,
  {
    one: string;
    title: string;
    addTitle: string;
    addDescription: string;
    added: string;
    emptyTitle: string;
    emptyDescription: string;
    basePath: string;
  }
> = {
  talent: {
    one: "talent",
    title: "Talent",
    addTitle: "Add Talent",
    addDescription: "A songwriter, producer, vocalist or engineer for the roster.",
    added: "Talent added",
    emptyTitle: "No Talent Found",
    emptyDescription: "Add talent to start building the roster.",
    basePath: "/app/crm/talent",
  },
  industry: {
    one: "contact",
    title: "Contacts",
    addTitle: "New Contact",
    addDescription: "Someone at a label, publisher, venue, brand or studio.",
    added: "Contact added",
    emptyTitle: "No Contacts Found",
    emptyDescription: "Add the people you work with at labels, publishers, venues and brands.",
    basePath: "/app/crm/contacts",
  },
};
