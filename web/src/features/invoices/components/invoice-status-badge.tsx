import type { InvoiceStatus } from "@app/contracts";
import { Badge, type BadgeVariant } from "@/components/ui/badge";

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  issued: "Issued",
  partially_paid: "Partially paid",
  paid: "Paid",
  credited: "Credited",
  overdue: "Overdue",
};

const variants: Record<InvoiceStatus, BadgeVariant> = {
  draft: "neutral",
  issued: "blue",
  partially_paid: "yellow",
  paid: "green",
  credited: "neutral",
  overdue: "red",
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge variant={variants[status]} className="shrink-0 whitespace-nowrap">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
