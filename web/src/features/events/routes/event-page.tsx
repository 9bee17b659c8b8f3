import { type Event, eventPagePath } from "@app/contracts";
import { ArrowLeft } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { Link, useParams } from "react-router-dom";
import { ExternalLink } from "@/components/layout/external-link";
import { useEvent } from "@/features/events/api/get-event";
import { EventFacts, EventWhen } from "@/features/events/components/event-facts";
import { EventsLoading } from "@/features/events/components/events-loading";
import { formatEventDate } from "@/features/events/utils/format-event-date";
import { renderedImage } from "@/lib/rendered-image";
import { safeHref, safeImageSrc } from "@/lib/safe-href";
import { usePublicPageMeta } from "@/lib/use-document-title";

/** An 18rem column beside the text from `md` up; below it, the page's width. At 1×–2× density. */
const PAGE_POSTER_WIDTHS = [288, 432, 576, 768, 1024];
const PAGE_POSTER_SIZES = "(min-width: 768px) 18rem, calc(100vw - 2rem)";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One published event's page (`/events/:id`), the address shares and the lists' "Event Info" link to.
 * A draft or an unknown id reads as no event at all: `notFound` is shown, as for any other unknown page.
 */
export function EventPage({ notFound }: { notFound: ReactNode }) {
  const { id = "" } = useParams();
  if (!UUID.test(id)) return notFound;
  return <EventById id={id} notFound={notFound} />;
}

function EventById({ id, notFound }: { id: string; notFound: ReactNode }) {
  const query = useEvent(id);
  if (query.isPending) {
    return (
      <div className="mx-auto grid max-w-4xl px-4 py-16">
        <EventsLoading />
      </div>
    );
  }
  if (query.isError || query.data.status !== 200) {
    return (
      <p role="alert" className="mx-auto max-w-4xl px-4 py-16 text-error-text">
        Failed to load the event.
      </p>
    );
  }
  const { body } = query.data;
  const event = (Array.isArray(body) ? body[0] : body) as Event | undefined;
  return event ? <EventDetails event={event} /> : notFound;
}

function EventDetails({ event }: { event: Event }) {
  const page = useMemo(
    () => ({
      path: eventPagePath(event.id),
      title: event.title,
      description: event.description ?? `${event.title}, ${formatEventDate(event.event_date)}`,
    }),
    [event],
  );
  usePublicPageMeta(page);
  const poster = safeImageSrc(event.image_url);
  const infoHref = safeHref(event.external_link);
  return (
    <article className="mx-auto grid max-w-4xl gap-8 px-4 py-12">
      <Link
        to="/events"
        className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All upcoming events
      </Link>
      <div className="grid gap-8 md:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid content-start gap-4">
          <EventWhen event={event} />
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{event.title}</h1>
          <EventFacts event={event} />
          {event.description ? (
            <p className="whitespace-pre-line text-muted-foreground">{event.description}</p>
          ) : null}
          {infoHref ? (
            <ExternalLink href={infoHref} className="w-fit font-semibold text-primary hover:underline">
              Tickets and more from the organiser
            </ExternalLink>
          ) : null}
        </div>
        {poster ? (
          <img
            {...renderedImage(poster, PAGE_POSTER_WIDTHS, PAGE_POSTER_SIZES)}
            alt={`Poster for ${event.title}`}
            width={288}
            height={432}
            decoding="async"
            className="h-auto max-h-[32rem] w-full self-start rounded-md bg-muted object-contain"
          />
        ) : null}
      </div>
    </article>
  );
}
