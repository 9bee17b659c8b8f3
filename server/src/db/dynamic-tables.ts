import type { Kysely } from "kysely";
import type { Db } from "./database";

/** A row of a table whose name is known only at run time: its columns by name. */
export type DynamicRow = Record<string, unknown>;

/** Every table by a run-time name, each row a DynamicRow. */
export type DynamicTables = Record<string, DynamicRow>;

/**
 * The database seen through table names known only at run time: the generic data API serves whichever
 * declared table a URL names, and a seed fills tables named in a list. Kysely's static row types cannot
 * follow a name chosen at run time, so such code queries this view, where any table's row is a
 * DynamicRow; the names and columns it uses are checked against the table's declaration instead
 * (columnOf, toStoredRow). The view is the same connection (inside a transaction, the same transaction):
 * Kysely's $pickTables/$extendTables change only the types.
 */
export const dynamicTables = (db: Db): Kysely<DynamicTables> =>
  db.$pickTables<never>().$extendTables<DynamicTables>();
