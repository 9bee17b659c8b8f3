import { tsr } from "@/lib/api-client";

export function useConfirmNewsletterSubscription() {
  return tsr.forms.confirmNewsletterSubscription.useMutation({
    meta: { errorMessage: "Could not confirm your subscription" },
  });
}
