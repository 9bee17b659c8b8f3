import { useEvents } from "@/features/events/api/list-events";
import { EventListItem } from "@/features/events/components/event-list-item";
import { EventsLoading } from "@/features/events/components/events-loading";
import { splitByTime } from "@/features/events/utils/split-by-time";

/** The public list of events: all of them (the home page), or only those still to come (the events page). */
export function CommunityEvents({ upcomingOnly = false }: { upcomingOnly?: boolean }) {
  const eventsQuery = useEvents();

  if (eventsQuery.isPending) {
    return <EventsLoading />;
  }
  if (eventsQuery.isError || eventsQuery.data.status !== 200) {
    return (
      <p role="alert" className="text-error-text">
        Failed to load events.
      </p>
    );
  }
  // The data API answers an array unless asked for one object (Accept: vnd.pgrst.object+json).
  const { body } = eventsQuery.data;
  const { upcoming, past } = splitByTime(Array.isArray(body) ? body : [body], Date.now());
  // What visitors can still go to comes first; what has happened stays below as a record.
  const events = upcomingOnly ? upcoming : [...upcoming, ...past];
  if (events.length === 0) {
    return (
      <p className="text-muted-foreground">
        {upcomingOnly ? "No upcoming events right now: check back soon." : "No events found."}
      </p>
    );
  }
  return (
    <ul className="grid gap-4">
      {events.map((event, index) => (
        <li key={event.id ?? index}>
          <EventListItem event={event} />
        </li>
      ))}
    </ul>
  );
}
