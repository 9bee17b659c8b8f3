import { publicTsr } from "@/lib/public-api-client";

/** Everything cached about events lives under this prefix, so one invalidation refreshes every list. */
export const eventsQueryKey = ["events"] as const;
const eventsListQueryKey = [...eventsQueryKey, "list", { order: "event_date.asc" }] as const;

export function useEvents() {
  return publicTsr.tables.events.list.useQuery({
    queryKey: eventsListQueryKey,
    queryData: { query: { order: "event_date.asc" }, headers: {} },
  });
}
