import { NotFoundPage } from "@/app/routes/not-found-page";
import { EventPage } from "@/features/events/routes/event-page";

/** Lives in app/ because it composes the events feature with the site's not-found page. */
export function EventRoute() {
  return <EventPage notFound={<NotFoundPage />} />;
}
