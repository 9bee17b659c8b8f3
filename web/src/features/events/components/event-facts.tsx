import type { Event } from "@app/contracts";
import { CalendarDays, type LucideIcon, MapPin, Tag, Users } from "lucide-react";
import { EventStatusBadge } from "@/features/events/components/event-status-badge";
import { formatEventDate } from "@/features/events/utils/format-event-date";
import { cn } from "@/lib/utils";

/** Where, what kind and how many: the facts an event has, each with its icon; none it lacks. */
export function EventFacts({ event }: { event: Partial<Event> }) {
  const facts: [LucideIcon, string][] = [];
  if (event.location) facts.push([MapPin, event.location]);
  if (event.event_type) facts.push([Tag, event.event_type]);
  if (event.max_attendees != null) facts.push([Users, `${event.max_attendees} max attendees`]);
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-zinc-300">
      {facts.map(([Icon, text]) => (
        <li key={text} className="inline-flex items-center gap-1.5">
          <Icon className="size-4" aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** When: the event's time in Stockholm with its zone, and its status. */
export function EventWhen({ event, className }: { event: Partial<Event>; className?: string }) {
  return (
    <div className={cn("flex flex-wrap items-center gap-3 text-muted-foreground", className)}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="size-4" aria-hidden="true" />
        <time dateTime={event.event_date ?? undefined}>{formatEventDate(event.event_date)}</time>
      </span>
      <EventStatusBadge status={event.status} isDated={Boolean(event.event_date)} />
    </div>
  );
}
