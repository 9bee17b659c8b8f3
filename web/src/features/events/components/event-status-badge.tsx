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

/**
 * What a reader is told about an event's status. An undated event is stored as upcoming, but nobody can
 * plan for it: it says its date is still to come rather than promising it is upcoming.
 */
function eventStatusLabel(status: string | null | undefined, isDated: boolean): string {
  if (status === "upcoming" && !isDated) return "date to be announced";
  return status || "unknown";
}

type EventStatusBadgeProps = {
  status: string | null | undefined;
  /** Whether the event has a date; an undated upcoming event is not labelled upcoming. */
  isDated: boolean;
};

export function EventStatusBadge({ status, isDated }: EventStatusBadgeProps) {
  const label = eventStatusLabel(status, isDated);
  const variant = label === (status ?? "") ? eventStatusVariant(status) : "neutral";
  return <Badge variant={variant}>{label}</Badge>;
}
