import { useMutation } from "@tanstack/react-query";
import { CRM_WRITE_INVALIDATES } from "@/features/crm/api/crm-keys";
import type { CrmTable, CrmTables } from "@/features/crm/api/crm-types";
import { insertRow, updateRow, type VersionedChange } from "@/lib/table-writes";

type Messages = { successMessage: string; errorMessage: string };

/** Inserts one row; toasts and refreshes the CRM's reads through the mutation's meta. */
export function useInsertRow<N extends CrmTable>(table: N, messages: Messages) {
  return useMutation({
    mutationFn: (values: CrmTables[N]["insert"]) => insertRow(table, values),
    meta: { ...messages, invalidates: CRM_WRITE_INVALIDATES },
  });
}

/** Saves a change against the version read; a stale version saves nothing and rejects. */
export function useUpdateRow<N extends CrmTable>(table: N, messages: Messages) {
  return useMutation({
    mutationFn: (change: VersionedChange<N>) => updateRow(table, change),
    meta: { ...messages, invalidates: CRM_WRITE_INVALIDATES },
  });
}
