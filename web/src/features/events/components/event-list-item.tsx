import type { Event } from "@app/contracts";
import { CalendarDays, MapPin, Tag, Users } from "lucide-react";
import { useState } from "react";
import { ExternalLink } from "@/components/layout/external-link";
import { Card } from "@/components/ui/card";
import { EventStatusBadge } from "@/features/events/components/event-status-badge";
import { formatEventDate } from "@/features/events/utils/format-event-date";
import { safeHref, safeImageSrc } from "@/lib/safe-href";

/** The server may omit columns (the list answer is a partial row), so every field is optional here. */
export function EventListItem({ event }: { event: Partial<Event> }) {
  const title = event.title || "Untitled event";
  // The image is optional: a poster that fails to load is dropped rather than shown as a broken image.
  // A poster is shown whole, at its own shape: cropping to a frame would cut through its title and date.
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const poster = safeImageSrc(event.image_url);
  const imageUrl = poster && poster !== failedImage ? poster : null;
  const infoHref = safeHref(event.external_link);
  return (
    <Card className="flex flex-col overflow-hidden sm:flex-row">
      {imageUrl ? (
        <img
          src={imageUrl}
          alt={`Poster for ${title}`}
          width={320}
          height={180}
          loading="lazy"
          decoding="async"
          onError={() => setFailedImage(imageUrl)}
          className="h-auto max-h-96 w-full self-start bg-muted object-contain sm:w-64"
        />
      ) : null}
      <div className="grid flex-1 gap-3 p-5">
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={event.event_date ?? undefined}>{formatEventDate(event.event_date)}</time>
          </span>
          <EventStatusBadge status={event.status} isDated={Boolean(event.event_date)} />
        </div>
        <h3 className="text-xl font-semibold">{title}</h3>
        {event.description ? <p className="text-muted-foreground">{event.description}</p> : null}
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-zinc-300">
          {event.location ? (
            <li className="inline-flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden="true" />
              {event.location}
            </li>
          ) : null}
          {event.event_type ? (
            <li className="inline-flex items-center gap-1.5">
              <Tag className="size-4" aria-hidden="true" />
              {event.event_type}
            </li>
          ) : null}
          {event.max_attendees != null ? (
            <li className="inline-flex items-center gap-1.5">
              <Users className="size-4" aria-hidden="true" />
              {event.max_attendees} max attendees
            </li>
          ) : null}
        </ul>
        {infoHref ? (
          <div>
            <ExternalLink href={infoHref} className="text-sm font-semibold text-primary hover:underline">
              Event Info
            </ExternalLink>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
