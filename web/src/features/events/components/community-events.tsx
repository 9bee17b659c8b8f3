import { useEvents } from "@/features/events/api/list-events";
import { EventListItem } from "@/features/events/components/event-list-item";
import { EventsLoading } from "@/features/events/components/events-loading";
import { splitByTime } from "@/features/events/utils/split-by-time";

export function CommunityEvents() {
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
  const events = [...upcoming, ...past];
  if (events.length === 0) {
    return <p className="text-muted-foreground">No events found.</p>;
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
