import { eventsQueryKey } from "@/features/events/api/list-events";
import { publicTsr } from "@/lib/public-api-client";

/** One event as the public reads it: an empty answer for a draft or an id that names none. */
export function useEvent(id: string) {
  return publicTsr.tables.events.list.useQuery({
    queryKey: [...eventsQueryKey, "one", id],
    queryData: { query: { id: `eq.${id}` }, headers: {} },
  });
}
