import { tsr } from "@/lib/api-client";

export function useCreateApplication() {
  return tsr.forms.createApplication.useMutation();
}
