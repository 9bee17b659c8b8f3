import { sql } from "kysely";
import { shapedQuery } from "../../db/compiled-query";
import type { Db } from "../../db/database";
import { type DynamicRow, dynamicTables } from "../../db/dynamic-tables";

/**
 * The data API's INSERT and UPDATE of one row, compiled once per table, engine and list of columns
 * written, then run with each request's values (see shapedQuery): building and compiling them through
 * Kysely for every request cost more than the statements on the hot writes.
 */

/**
 * Kept shapes per table and statement (a table's clients send a handful of column lists), and in all per
 * statement: on PostgreSQL each kept shape is a named statement each pooled connection may prepare.
 */
const SHAPES_PER_TABLE = 32;
const SHAPES_IN_ALL = 512;

interface InsertShape {
  table: string;
  /**
   * In the row's own order (a validated body's is the table's), so that with two bad values the database
   * reports the same one as when each insert was built for its request.
   */
  columns: string[];
  /** The key whose duplicates are ignored (resolution=ignore-duplicates). */
  ignoreOn?: string[];
}

interface UpdateShape {
  table: string;
  columns: string[];
  key: string;
}

const inserts = shapedQuery<InsertShape, DynamicRow>({
  key: (s) => JSON.stringify([s.table, s.columns, s.ignoreOn ?? null]),
  group: (s) => s.table,
  perGroup: SHAPES_PER_TABLE,
  total: SHAPES_IN_ALL,
  build: (db, s, arg) => {
    const ignoreOn = s.ignoreOn;
    let insert = dynamicTables(db)
      .insertInto(s.table)
      .values(Object.fromEntries(s.columns.map((column, i) => [column, arg(i)])));
    if (ignoreOn) insert = insert.onConflict((oc) => oc.columns(ignoreOn).doNothing());
    return insert.returningAll();
  },
});

const updates = shapedQuery<UpdateShape, DynamicRow>({
  key: (s) => JSON.stringify([s.table, s.columns, s.key]),
  group: (s) => s.table,
  perGroup: SHAPES_PER_TABLE,
  total: SHAPES_IN_ALL,
  build: (db, s, arg) =>
    dynamicTables(db)
      .updateTable(s.table)
      .set(Object.fromEntries(s.columns.map((column, i) => [column, arg(i)])))
      .where(sql.ref(s.key), "=", arg(s.columns.length))
      .returningAll(),
});

/** The columns a stored row gives a value (Kysely leaves out the undefined ones too), in its order. */
const definedColumns = (stored: DynamicRow) => Object.keys(stored).filter((c) => stored[c] !== undefined);

/** Inserts one stored row; answers it as the database returned it, none when a duplicate was ignored. */
export async function insertStoredRow(
  trx: Db,
  table: string,
  stored: DynamicRow,
  ignoreOn: string[] | undefined,
): Promise<DynamicRow | undefined> {
  const columns = definedColumns(stored);
  const result = await inserts.execute(
    trx,
    { table, columns, ignoreOn },
    columns.map((c) => stored[c]),
  );
  return result.rows[0];
}

/** Changes the row whose `key` column holds `id`; answers it as the database returned it. */
export async function updateStoredRow(
  trx: Db,
  table: string,
  key: string,
  id: unknown,
  stored: DynamicRow,
): Promise<DynamicRow | undefined> {
  const columns = definedColumns(stored);
  const result = await updates.execute(trx, { table, columns, key }, [...columns.map((c) => stored[c]), id]);
  return result.rows[0];
}

/** How often each statement was compiled and how many shapes are kept: for the cache's tests. */
export const writeStatementCounts = () => ({ inserts: inserts.counts(), updates: updates.counts() });
