import { inboxQueryKey } from "@/features/inbox/api/inbox-cache";
import { tsr } from "@/lib/api-client";

export const listNewsletterSubscriptionsQueryKey = [
  ...inboxQueryKey,
  "newsletter-subscriptions",
  { order: "created_at.desc" },
] as const;

export function useNewsletterSubscriptions() {
  return tsr.forms.listNewsletterSubscriptions.useQuery({
    queryKey: listNewsletterSubscriptionsQueryKey,
    queryData: { query: { order: "created_at.desc" } },
  });
}
