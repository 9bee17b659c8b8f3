import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router-dom";
import { PageHeading } from "@/components/ui/page-heading";
import { Spinner } from "@/components/ui/spinner";
import { useInvoice } from "@/features/invoices/api/invoices";
import { InvoiceDraftEditor } from "@/features/invoices/components/invoice-draft-editor";
import { InvoiceIssuedView } from "@/features/invoices/components/invoice-issued-view";
import { InvoiceStatusBadge } from "@/features/invoices/components/invoice-status-badge";
import { invoiceLabel } from "@/lib/invoice-label";
import { useDocumentTitle } from "@/lib/use-document-title";

/** One invoice: a draft to edit and issue, or an issued one to follow up (payments, a credit). */
export function InvoicePage() {
  const { id = "" } = useParams();
  const query = useInvoice(id);
  const record = query.data;
  const title = record ? `${invoiceLabel(record.invoice)}: ${record.invoice.buyer_name}` : "Invoice";
  useDocumentTitle(title);

  return (
    <div className="grid gap-6">
      <Link to="/app/invoices" className="flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        All invoices
      </Link>
      {query.isPending ? (
        <Spinner label="Loading the invoice" />
      ) : !record ? (
        <PageHeading title="Invoice not found" description="It may have been a draft that was deleted." />
      ) : (
        <>
          <PageHeading title={title} actions={<InvoiceStatusBadge status={record.invoice.status} />} />
          {record.invoice.status === "draft" ? (
            // Remounted on each new version read, so the form starts from what is saved.
            <InvoiceDraftEditor
              key={`${record.invoice.updated_at}:${record.lines.map((l) => l.updated_at).join(",")}`}
              record={record}
              onReload={() => query.refetch()}
            />
          ) : (
            <InvoiceIssuedView record={record} />
          )}
        </>
      )}
    </div>
  );
}
