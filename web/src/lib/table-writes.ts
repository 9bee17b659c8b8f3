import type { InsertOf, RowOf, TableName, tables, UpdateOf } from "@app/contracts";
import { tsr } from "@/lib/api-client";
import { expectSuccess, versionedFilter, writtenRow } from "@/lib/postgrest";

/*
 * Writes to any table of the data API, shared by the screens that edit records (the CRM, events).
 * The contract types each table's routes separately, and indexing them by a generic table name is more
 * than TypeScript can represent; the routes are seen here, once, through the shapes this module needs.
 * The functions below keep each table's own insert, update and row types.
 */
type Tables = typeof tables;
export type TableRow<N extends TableName> = RowOf<Tables[N]>;
export type TableInsert<N extends TableName> = InsertOf<Tables[N]>;
export type TableUpdate<N extends TableName> = UpdateOf<Tables[N]>;

type WriteArgs = { body?: unknown; query: Record<string, string>; headers: { prefer: string } };
type Write = (args: WriteArgs) => Promise<{ status: number; body: unknown }>;
const writeRoutes = tsr.tables as unknown as Record<
  TableName,
  { insert: { mutate: Write }; update: { mutate: Write }; remove: { mutate: Write } }
>;

export async function insertRow<N extends TableName>(table: N, values: TableInsert<N>) {
  const response = await writeRoutes[table].insert.mutate({
    body: values,
    query: {},
    headers: { prefer: "return=representation" },
  });
  return writtenRow<TableRow<N>>(expectSuccess(response));
}

export type VersionedChange<N extends TableName> = {
  id: string;
  /** The `updated_at` the screen read: a newer row on the server refuses the save (StaleRecordError). */
  version: string;
  changes: TableUpdate<N>;
};

export async function updateRow<N extends TableName>(table: N, { id, version, changes }: VersionedChange<N>) {
  const response = await writeRoutes[table].update.mutate({
    body: changes,
    query: versionedFilter(id, version),
    headers: { prefer: "return=representation" },
  });
  return writtenRow<TableRow<N>>(expectSuccess(response));
}

/**
 * Deletes the row as it was read: a row changed since (or already gone) deletes nothing and rejects
 * with StaleRecordError, so nobody removes a version they have not seen.
 */
export async function deleteRow<N extends TableName>(
  table: N,
  { id, version }: { id: string; version: string },
) {
  const response = await writeRoutes[table].remove.mutate({
    query: versionedFilter(id, version),
    headers: { prefer: "return=representation" },
  });
  return writtenRow<TableRow<N>>(expectSuccess(response));
}
