import type { InsertOf, RowOf, TableName, tables, UpdateOf } from "@app/contracts";
import { tsr } from "@/lib/api-client";
import { expectSuccess, versionedFilter, writtenRow } from "@/lib/postgrest";

/*
 * Writes to the data API's tables, shared by every screen that edits rows (the CRM, the portfolio).
 * Saves and deletes are versioned: they name the `updated_at` the screen read, so a row someone else
 * changed since is left alone and the screen is told (StaleRecordError) instead of overwriting it.
 */

type Tables = typeof tables;
export type TableRow<N extends TableName> = RowOf<Tables[N]>;
export type TableInsert<N extends TableName> = InsertOf<Tables[N]>;
export type TableUpdate<N extends TableName> = UpdateOf<Tables[N]>;

type WriteArgs = { body?: unknown; query: Record<string, string>; headers: { prefer: string } };
type Write = (args: WriteArgs) => Promise<{ status: number; body: unknown }>;

/*
 * The contract types each table's routes separately, and indexing them by a generic table name is more
 * than TypeScript can represent; the routes are seen here, once, through the shapes this module needs.
 * The functions below keep each table's own insert, update and row types.
 */
const writeRoutes = tsr.tables as unknown as Record<
  TableName,
  { insert: { mutate: Write }; update: { mutate: Write }; remove: { mutate: Write } }
>;

const RETURN_ROW = { prefer: "return=representation" };

export async function insertRow<N extends TableName>(table: N, values: TableInsert<N>) {
  const response = await writeRoutes[table].insert.mutate({ body: values, query: {}, headers: RETURN_ROW });
  return writtenRow<TableRow<N>>(expectSuccess(response));
}

/** A row as a screen read it: its id and the version (`updated_at`) a save or delete is checked against. */
export type RowVersion = {
  id: string;
  /** The `updated_at` the screen read: a newer row on the server refuses the write (StaleRecordError). */
  version: string;
};

export type VersionedChange<N extends TableName> = RowVersion & { changes: TableUpdate<N> };

export async function updateRow<N extends TableName>(table: N, { id, version, changes }: VersionedChange<N>) {
  const response = await writeRoutes[table].update.mutate({
    body: changes,
    query: versionedFilter(id, version),
    headers: RETURN_ROW,
  });
  return writtenRow<TableRow<N>>(expectSuccess(response));
}

/** Deletes the row only as it was read; a changed (or already deleted) row rejects with StaleRecordError. */
export async function deleteRow<N extends TableName>(table: N, { id, version }: RowVersion) {
  const response = await writeRoutes[table].remove.mutate({
    query: versionedFilter(id, version),
    headers: RETURN_ROW,
  });
  return writtenRow<TableRow<N>>(expectSuccess(response));
}
