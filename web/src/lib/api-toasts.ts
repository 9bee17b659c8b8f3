import { describeApiError } from "@/lib/api-errors";
import { toast } from "@/lib/toast";

/** Loaded by the query client on the first outcome worth a toast (see query-client.ts). */
export function toastApiError(title: string, error: unknown) {
  // The id folds repeats (a list and its page both failing) into one toast.
  toast.error(title, { id: title, description: describeApiError(error) });
}

export function toastSuccess(title: string) {
  toast.success(title);
}
