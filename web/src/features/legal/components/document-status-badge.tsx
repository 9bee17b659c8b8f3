import { LEGAL_DOCUMENT_STATUS_LABELS, type LegalDocumentStatus } from "@app/contracts";
import { Badge, type BadgeVariant } from "@/components/ui/badge";

const variants: Record<LegalDocumentStatus, BadgeVariant> = {
  draft: "neutral",
  awaiting_signatures: "yellow",
  partially_signed: "blue",
  fully_signed: "green",
  void: "red",
};

export function DocumentStatusBadge({ status }: { status: LegalDocumentStatus }) {
  return (
    <Badge variant={variants[status]} className="shrink-0 whitespace-nowrap">
      {LEGAL_DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
