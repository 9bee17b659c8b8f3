import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { DOCUMENT_STATUS_LABELS, type DocumentStatus } from "@/features/legal/data/sample-legal";

const variants: Record<DocumentStatus, BadgeVariant> = {
  draft: "neutral",
  awaiting_signatures: "yellow",
  partially_signed: "blue",
  fully_signed: "green",
  void: "red",
};

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <Badge variant={variants[status]} className="shrink-0 whitespace-nowrap">
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
