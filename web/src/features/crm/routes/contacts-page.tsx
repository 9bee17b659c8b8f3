import { ContactListScreen } from "@/features/crm/components/contact-list-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export function ContactsPage() {
  useDocumentTitle("Contacts");
  return <ContactListScreen kind="industry" />;
}
