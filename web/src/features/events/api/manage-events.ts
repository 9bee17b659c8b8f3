import type { Event } from "@app/contracts";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { eventsQueryKey } from "@/features/events/api/list-events";
import { tsr } from "@/lib/api-client";
import { expectSuccess, readRows, searchFilter } from "@/lib/postgrest";
import { deleteRow, insertRow, type TableInsert, updateRow, type VersionedChange } from "@/lib/table-writes";

/** Under the events prefix: a write refreshes the back office's list and the public one alike. */
const manageKey = (search: string) => [...eventsQueryKey, "manage", { search }] as const;
const EVENTS_WRITE_INVALIDATES = [eventsQueryKey] as const;

/** Every event (the table answers at most 1000), or those whose title has each word searched for. */
export function useManagedEvents(search: string) {
  return useQuery({
    queryKey: manageKey(search),
    queryFn: async ({ signal }) => {
      const query: Record<string, string> = { order: "event_date.asc" };
      const words = searchFilter(["title"], search);
      if (words) query.and = words;
      const response = await tsr.tables.events.list.query({ query, headers: {}, fetchOptions: { signal } });
      return readRows<Event>(expectSuccess(response)).rows;
    },
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Failed to load events" },
  });
}

export function useCreateEvent() {
  return useMutation({
    mutationFn: (values: TableInsert<"events">) => insertRow("events", values),
    meta: {
      successMessage: "Event created",
      errorMessage: "Could not create the event",
      invalidates: EVENTS_WRITE_INVALIDATES,
    },
  });
}

/** Saves against the version read; a stale version saves nothing and rejects (StaleRecordError). */
export function useUpdateEvent() {
  return useMutation({
    mutationFn: (change: VersionedChange<"events">) => updateRow("events", change),
    meta: {
      successMessage: "Changes saved",
      errorMessage: "Could not save the event",
      invalidates: EVENTS_WRITE_INVALIDATES,
    },
  });
}

export function useDeleteEvent() {
  return useMutation({
    mutationFn: (event: Pick<Event, "id" | "updated_at">) =>
      deleteRow("events", { id: event.id, version: event.updated_at }),
    meta: {
      successMessage: "Event deleted",
      errorMessage: "Could not delete the event",
      invalidates: EVENTS_WRITE_INVALIDATES,
    },
  });
}

type PublicationChange = { event: Pick<Event, "id" | "updated_at">; published: boolean };

/** Publishes a draft or takes an event back to draft, against the version read. */
export function useSetEventPublished() {
  return useMutation({
    mutationFn: ({ event, published }: PublicationChange) =>
      updateRow("events", { id: event.id, version: event.updated_at, changes: { published } }),
    meta: {
      successMessage: (change: unknown) =>
        (change as PublicationChange).published ? "Event published" : "Event moved back to draft",
      errorMessage: "Could not change whether the event is published",
      invalidates: EVENTS_WRITE_INVALIDATES,
    },
  });
}
