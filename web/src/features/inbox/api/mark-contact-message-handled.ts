import { useQueryClient } from "@tanstack/react-query";
import { handledToast, setHandledOptimistically } from "@/features/inbox/api/inbox-cache";
import { listContactMessagesQueryKey } from "@/features/inbox/api/list-contact-messages";
import { tsr } from "@/lib/api-client";

/** PATCH ?id=eq.<uuid> {handled}: updates the list at once, rolls back and explains on failure. */
export function useMarkContactMessageHandled() {
  const queryClient = useQueryClient();
  const mutation = tsr.forms.markContactMessageHandled.useMutation({
    onMutate: ({ query, body }) =>
      setHandledOptimistically(queryClient, listContactMessagesQueryKey, {
        id: query.id.replace(/^eq\./, ""),
        handled: body.handled,
      }),
    // The toasts come from the meta below (the query client's one toast path).
    onError: (_error, _variables, rollback) => rollback?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listContactMessagesQueryKey }),
    meta: { successMessage: handledToast, errorMessage: "Could not update the contact message" },
  });
  return {
    ...mutation,
    setHandled: (id: string, handled: boolean) =>
      mutation.mutate({ query: { id: `eq.${id}` }, body: { handled } }),
  };
}
