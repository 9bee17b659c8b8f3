import { publicTsr } from "@/lib/public-api-client";

export function useConfirmNewsletterSubscription() {
  return publicTsr.forms.confirmNewsletterSubscription.useMutation({
    meta: { errorMessage: "Could not confirm your subscription" },
  });
}
