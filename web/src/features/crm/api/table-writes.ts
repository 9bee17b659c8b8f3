import { useMutation } from "@tanstack/react-query";
import { CRM_WRITE_INVALIDATES } from "@/features/crm/api/crm-keys";
import type { CrmTable, CrmTables } from "@/features/crm/api/crm-types";
import { tsr } from "@/lib/api-client";
import { expectSuccess, versionedFilter, writtenRow } from "@/lib/postgrest";

type WriteArgs = { body: unknown; query: Record<string, string>; headers: { prefer: string } };
type Write = (args: WriteArgs) => Promise<{ status: number; body: unknown }>;

/*
 * The contract types each table's routes separately, and indexing them by a generic table name is more
 * than TypeScript can represent; the routes are seen here, once, through the shapes this module needs.
 * The functions below keep each table's own insert, update and row types.
 */
const writeRoutes = tsr.tables as unknown as Record<
  CrmTable,
  { insert: { mutate: Write }; update: { mutate: Write } }
>;

export async function insertRow<N extends CrmTable>(table: N, values: CrmTables[N]["insert"]) {
  const response = await writeRoutes[table].insert.mutate({
    body: values,
    query: {},
    headers: { prefer: "return=representation" },
  });
  return writtenRow<CrmTables[N]["row"]>(expectSuccess(response));
}

export type VersionedChange<N extends CrmTable> = {
  id: string;
  /** The `updated_at` the screen read: a newer row on the server refuses the save (StaleRecordError). */
  version: string;
  changes: CrmTables[N]["update"];
};

export async function updateRow<N extends CrmTable>(table: N, { id, version, changes }: VersionedChange<N>) {
  const response = await writeRoutes[table].update.mutate({
    body: changes,
    query: versionedFilter(id, version),
    headers: { prefer: "return=representation" },
  });
  return writtenRow<CrmTables[N]["row"]>(expectSuccess(response));
}

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
