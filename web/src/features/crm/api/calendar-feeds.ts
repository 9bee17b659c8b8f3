import type { CalendarFeedState, NewCalendarFeed } from "@app/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import { tsr } from "@/lib/api-client";
import { expectSuccess } from "@/lib/postgrest";
import { downloadWithToken } from "@/lib/save-file";

const feedKey = (contactId: string) => crmKeys.record("studio_calendar_feeds", contactId);

/** A feed call's 200 body; any other answer is thrown for React Query and the toast path. */
async function feedAnswer<T extends CalendarFeedState>(
  call: Promise<{ status: number; body: unknown }>,
): Promise<T> {
  return expectSuccess(await call).body as T;
}

/** Whether the person's calendar feed is on (the link itself is shown only when it is made). */
export function useCalendarFeed(contactId: string) {
  return useQuery({
    queryKey: feedKey(contactId),
    queryFn: async () =>
      feedAnswer(tsr.studio.calendarFeedState.mutate({ body: { contact_id: contactId }, headers: {} })),
    meta: { errorMessage: "Failed to load the calendar feed" },
  });
}

/** Makes a new feed link (the earlier one stops working); answers it, with the link, once. */
export function useCreateCalendarFeed(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      feedAnswer<NewCalendarFeed>(
        tsr.studio.createCalendarFeed.mutate({ body: { contact_id: contactId }, headers: {} }),
      ),
    onSuccess: (feed) => queryClient.setQueryData<CalendarFeedState>(feedKey(contactId), feed),
    meta: {
      successMessage: "Calendar feed link made",
      errorMessage: "Could not make the calendar feed link",
    },
  });
}

export function useRevokeCalendarFeed(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      feedAnswer(tsr.studio.revokeCalendarFeed.mutate({ body: { contact_id: contactId }, headers: {} })),
    onSuccess: (feed) => queryClient.setQueryData<CalendarFeedState>(feedKey(contactId), feed),
    meta: {
      successMessage: "Calendar feed turned off",
      errorMessage: "Could not turn the calendar feed off",
    },
  });
}

/** One session as an .ics file, fetched with the staff token and saved, so no token sits in a link. */
export function useDownloadSessionCalendar() {
  return useMutation({
    mutationFn: (sessionId: string) =>
      downloadWithToken(`/api/studio/sessions/${sessionId}/calendar.ics`, "session.ics"),
    meta: { errorMessage: "Could not download the calendar file" },
  });
}
