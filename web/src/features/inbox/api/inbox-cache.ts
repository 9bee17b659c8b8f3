import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { type InboxRow, withHandled } from "@/features/inbox/utils/inbox-items";

/** Everything the inbox caches sits under this prefix. */
export const inboxQueryKey = ["inbox"] as const;

type CachedList = { status: number; body: unknown };

const isRowList = (value: CachedList | undefined): value is { status: 200; body: InboxRow[] } =>
  value?.status === 200 && Array.isArray(value.body);

/**
 * Optimistic mark-as-handled: flips the row in the cached list at once and returns a rollback for when
 * the PATCH fails. The list is refetched afterwards either way, so the server has the last word.
 */
export async function setHandledOptimistically(
  queryClient: QueryClient,
  queryKey: QueryKey,
  { id, handled }: { id: string; handled: boolean },
) {
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData<CachedList>(queryKey);
  if (isRowList(previous)) {
    queryClient.setQueryData(queryKey, {
      ...previous,
      body: previous.body.map((row) => (row.id === id ? withHandled(row, handled) : row)),
    });
  }
  return () => queryClient.setQueryData(queryKey, previous);
}

/** The toast after a mark-as-handled PATCH, from what it asked for. */
export const handledToast = (variables: unknown) =>
  (variables as { body: { handled: boolean } }).body.handled ? "Marked as handled" : "Reopened";
