import { publicTsr } from "@/lib/public-api-client";

export function useCreateNewsletterSubscription() {
  return publicTsr.forms.createNewsletterSubscription.useMutation();
}
