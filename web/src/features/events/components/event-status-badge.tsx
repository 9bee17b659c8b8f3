import { Badge, type BadgeVariant } from "@/components/ui/badge";

function eventStatusVariant(status: string | null | undefined): BadgeVariant {
  switch (status?.toLowerCase()) {
    case "upcoming":
      return "yellow";
    case "cancelled":
      return "red";
    default:
      return "neutral";
  }
}

export function EventStatusBadge({ status }: { status: string | null | undefined }) {
  return <Badge variant={eventStatusVariant(status)}>{status || "unknown"}</Badge>;
}
