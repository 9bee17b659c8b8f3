import { ContactListScreen } from "@/features/crm/components/contact-list-screen";
import { useDocumentTitle } from "@/lib/use-document-title";

export function TalentPage() {
  useDocumentTitle("Talent");
  return <ContactListScreen kind="talent" />;
}
