import { publicTsr } from "@/lib/public-api-client";

export function useCreateContactMessage() {
  return publicTsr.forms.createContactMessage.useMutation();
}
