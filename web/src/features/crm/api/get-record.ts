import { useQuery } from "@tanstack/react-query";
import { crmKeys } from "@/features/crm/api/crm-keys";
import type { CrmTable } from "@/features/crm/api/crm-types";
import { readRecord } from "@/lib/read-table";

/** One CRM record for its page; `data` is null when it does not exist. */
export function useRecord<N extends CrmTable>(table: N, id: string, errorMessage: string) {
  return useQuery({
    queryKey: crmKeys.record(table, id),
    queryFn: ({ signal }) => readRecord(table, id, { signal }),
    meta: { errorMessage },
  });
}
