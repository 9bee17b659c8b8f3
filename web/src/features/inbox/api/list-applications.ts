import { inboxQueryKey } from "@/features/inbox/api/inbox-cache";
import { tsr } from "@/lib/api-client";

export const listApplicationsQueryKey = [
  ...inboxQueryKey,
  "applications",
  { order: "created_at.desc" },
] as const;

export function useApplications() {
  return tsr.forms.listApplications.useQuery({
    queryKey: listApplicationsQueryKey,
    queryData: { query: { order: "created_at.desc" } },
  });
}
