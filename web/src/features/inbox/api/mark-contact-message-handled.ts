import { useQueryClient } from "@tanstack/react-query";
import { setHandledOptimistically } from "@/features/inbox/api/inbox-cache";
import { listContactMessagesQueryKey } from "@/features/inbox/api/list-contact-messages";
import { tsr } from "@/lib/api-client";
import { describeApiError } from "@/lib/api-errors";
import { toast } from "@/lib/toast";

/** PATCH ?id=eq.<uuid> {handled}: updates the list at once, rolls back and explains on failure. */
export function useMarkContactMessageHandled() {
  const queryClient = useQueryClient();
  const mutation = tsr.forms.markContactMessageHandled.useMutation({
    onMutate: ({ query, body }) =>
      setHandledOptimistically(queryClient, listContactMessagesQueryKey, {
        id: query.id.replace(/^eq\./, ""),
        handled: body.handled,
      }),
    onSuccess: (response, { body }, rollback) => {
      if (response.status !== 200) {
        rollback?.();
        toast.error("Could not update the contact message", { description: describeApiError(response) });
        return;
      }
      toast.success(body.handled ? "Marked as handled" : "Reopened");
    },
    onError: (error, _variables, rollback) => {
      rollback?.();
      toast.error("Could not update the contact message", { description: describeApiError(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listContactMessagesQueryKey }),
  });
  return {
    ...mutation,
    setHandled: (id: string, handled: boolean) =>
      mutation.mutate({ query: { id: `eq.${id}` }, body: { handled } }),
  };
}
