import { type Event, eventPagePath } from "@app/contracts";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Card } from "@/components/ui/card";
import { EventFacts, EventWhen } from "@/features/events/components/event-facts";
import { renderedImage } from "@/lib/rendered-image";
import { safeImageSrc } from "@/lib/safe-href";

/** Full card width on a phone, a 16rem column beside the text from `sm` up, at 1×–2× density. */
const LIST_POSTER_WIDTHS = [256, 384, 512, 640, 960];
const LIST_POSTER_SIZES = "(min-width: 640px) 16rem, calc(100vw - 2rem)";

/** The server may omit columns (the list answer is a partial row), so every field is optional here. */
export function EventListItem({ event }: { event: Partial<Event> }) {
  const title = event.title || "Untitled event";
  // The image is optional: a poster that fails to load is dropped rather than shown as a broken image.
  // A poster is shown whole, at its own shape: cropping to a frame would cut through its title and date.
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const poster = safeImageSrc(event.image_url);
  const imageUrl = poster && poster !== failedImage ? poster : null;
  return (
    <Card className="flex flex-col overflow-hidden sm:flex-row">
      {imageUrl ? (
        <img
          {...renderedImage(imageUrl, LIST_POSTER_WIDTHS, LIST_POSTER_SIZES)}
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
        <EventWhen event={event} className="text-sm" />
        <h3 className="text-xl font-semibold">{title}</h3>
        {event.description ? <p className="text-muted-foreground">{event.description}</p> : null}
        <EventFacts event={event} />
        {event.id ? (
          <div>
            {/* The event's own page: what a visitor shares, with the organiser's link there. */}
            <Link
              to={eventPagePath(event.id)}
              className="text-sm font-semibold text-primary hover:underline"
              aria-label={`Event Info: ${title}`}
            >
              Event Info
            </Link>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
