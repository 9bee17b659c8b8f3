import { tsr } from "@/lib/api-client";

export function useCreateContactMessage() {
  return tsr.forms.createContactMessage.useMutation();
}
