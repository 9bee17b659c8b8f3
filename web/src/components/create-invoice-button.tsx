import { ReceiptText } from "lucide-react";
import { CreateAndOpenButton } from "@/components/ui/create-and-open-button";
import { useInvoiceFromProject } from "@/lib/invoice-from-project";

/** Bills what a project has earned so far as a new draft, then opens that draft for pricing and issuing. */
export function CreateInvoiceButton({ projectId, label }: { projectId: string; label?: string }) {
  const create = useInvoiceFromProject();
  return (
    <CreateAndOpenButton
      pending={create.isPending}
      label={label}
      create={async () => {
        const draft = await create.mutateAsync(projectId).catch(() => null);
        return draft && `/app/invoices/${draft.id}`;
      }}
    >
      <ReceiptText aria-hidden="true" />
      Create invoice
    </CreateAndOpenButton>
  );
}
