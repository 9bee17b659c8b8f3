import { inboxQueryKey } from "@/features/inbox/api/inbox-cache";
import { tsr } from "@/lib/api-client";

export const listContactMessagesQueryKey = [
  ...inboxQueryKey,
  "contact-messages",
  { order: "created_at.desc" },
] as const;

export function useContactMessages() {
  return tsr.forms.listContactMessages.useQuery({
    queryKey: listContactMessagesQueryKey,
    queryData: { query: { order: "created_at.desc" } },
  });
}
