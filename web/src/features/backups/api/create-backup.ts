import { backupsQueryKey } from "@/features/backups/api/list-backups";
import { tsr } from "@/lib/api-client";

/** "Back up now": the server takes one consistent snapshot and answers when it is written. */
export function useCreateBackup() {
  const mutation = tsr.backups.createBackup.useMutation({
    meta: {
      successMessage: "Backup created",
      errorMessage: "Backup failed",
      invalidates: [backupsQueryKey],
    },
  });
  return { ...mutation, backUpNow: () => mutation.mutate({ body: {} }) };
}
