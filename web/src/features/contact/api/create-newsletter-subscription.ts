import { tsr } from "@/lib/api-client";

export function useCreateNewsletterSubscription() {
  return tsr.forms.createNewsletterSubscription.useMutation();
}
