import { tsr } from "@/lib/api-client";

/** Every cached read of the backups screen sits under this key. */
export const backupsQueryKey = ["backups"] as const;

/** The backups in the server's backup folder, newest first; only asked for when the person is an admin. */
export function useBackups({ enabled }: { enabled: boolean }) {
  return tsr.backups.listBackups.useQuery({
    queryKey: backupsQueryKey,
    enabled,
    // The screen says why in place (with a retry); a toast as well would say it twice.
    retry: false,
  });
}
