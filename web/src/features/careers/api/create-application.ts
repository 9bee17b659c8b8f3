import { publicTsr } from "@/lib/public-api-client";

export function useCreateApplication() {
  return publicTsr.forms.createApplication.useMutation();
}
