import { Construction } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeading } from "@/components/ui/page-heading";
import { useDocumentTitle } from "@/lib/use-document-title";

type ComingSoonPageProps = { title: string; message?: string };

/** The spec's placeholder screens: the route exists and says 'Coming Soon' until its content is built. */
export function ComingSoonPage({ title, message = "Coming Soon" }: ComingSoonPageProps) {
  useDocumentTitle(title);
  return (
    <div className="grid gap-6">
      <PageHeading title={title} />
      <EmptyState icon={Construction} title={message} description="This screen is not built yet." />
    </div>
  );
}
