import { useQueryClient } from "@tanstack/react-query";
import { handledToast, setHandledOptimistically } from "@/features/inbox/api/inbox-cache";
import { listNewsletterSubscriptionsQueryKey } from "@/features/inbox/api/list-newsletter-subscriptions";
import { tsr } from "@/lib/api-client";

/** PATCH ?id=eq.<uuid> {handled}: updates the list at once, rolls back and explains on failure. */
export function useMarkNewsletterSubscriptionHandled() {
  const queryClient = useQueryClient();
  const mutation = tsr.forms.markNewsletterSubscriptionHandled.useMutation({
    onMutate: ({ query, body }) =>
      setHandledOptimistically(queryClient, listNewsletterSubscriptionsQueryKey, {
        id: query.id.replace(/^eq\./, ""),
        handled: body.handled,
      }),
    // The toasts come from the meta below (the query client's one toast path).
    onError: (_error, _variables, rollback) => rollback?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listNewsletterSubscriptionsQueryKey }),
    meta: { successMessage: handledToast, errorMessage: "Could not update the newsletter subscription" },
  });
  return {
    ...mutation,
    setHandled: (id: string, handled: boolean) =>
      mutation.mutate({ query: { id: `eq.${id}` }, body: { handled } }),
  };
}
