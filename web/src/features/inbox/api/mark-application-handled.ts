import { useQueryClient } from "@tanstack/react-query";
import { handledToast, setHandledOptimistically } from "@/features/inbox/api/inbox-cache";
import { listApplicationsQueryKey } from "@/features/inbox/api/list-applications";
import { tsr } from "@/lib/api-client";

/** PATCH ?id=eq.<uuid> {handled}: updates the list at once, rolls back and explains on failure. */
export function useMarkApplicationHandled() {
  const queryClient = useQueryClient();
  const mutation = tsr.forms.markApplicationHandled.useMutation({
    onMutate: ({ query, body }) =>
      setHandledOptimistically(queryClient, listApplicationsQueryKey, {
        id: query.id.replace(/^eq\./, ""),
        handled: body.handled,
      }),
    // The toasts come from the meta below (the query client's one toast path).
    onError: (_error, _variables, rollback) => rollback?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listApplicationsQueryKey }),
    meta: { successMessage: handledToast, errorMessage: "Could not update the application" },
  });
  return {
    ...mutation,
    setHandled: (id: string, handled: boolean) =>
      mutation.mutate({ query: { id: `eq.${id}` }, body: { handled } }),
  };
}
