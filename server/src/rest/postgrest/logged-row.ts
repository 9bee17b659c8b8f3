import { type Caller, isAllowed } from "@app/contracts";
import { type AliasedRawBuilder, sql } from "kysely";
import type { Database } from "../../db/database";
import { type DynamicRow, dynamicTables } from "../../db/dynamic-tables";
import { toApiRow } from "../../db/stored-values";
import type { Row } from "../table-hooks";
import { whereSql } from "./conditions";
import type { Condition } from "./parse-query";
import { readSource, type TableHandle, visibleWhere } from "./table-service";

/**
 * A row as its trigger logged it in `row_changes`, read back as the table itself: PostgreSQL rebuilds the
 * table's row type from the JSON, SQLite takes each declared column out of it (both give the values as
 * stored). Policies, hidden rows, derived columns and filters then apply to it exactly as to a read.
 */
function loggedRow(db: Database, handle: TableHandle, logId: number): AliasedRawBuilder<DynamicRow, string> {
  const { table } = handle;
  if (db.engine === "postgres")
    return sql<DynamicRow>`(select logged.* from row_changes,
      jsonb_populate_record(null::${sql.table(table.name)}, row_changes.row) as logged
      where row_changes.id = ${logId})`.as(table.name);
  const columns = table.columnNames.map(
    (name) => sql`json_extract(row, ${`$."${name}"`}) as ${sql.ref(name)}`,
  );
  return sql<DynamicRow>`(select ${sql.join(columns)} from row_changes where id = ${logId})`.as(table.name);
}

/**
 * What `caller` would read of a logged row with `where` as its filters: the row as the data API answers
 * it, or undefined when the policy, the table's hidden rows or the filters keep it from them.
 */
export async function readLoggedRow(
  db: Database,
  handle: TableHandle,
  request: { logId: number; caller: Caller; at: string; where: Condition[] },
): Promise<Row | undefined> {
  const { table } = handle;
  if (!isAllowed(table, request.caller, "select")) return undefined;
  const source = readSource(handle, request.at, { from: loggedRow(db, handle, request.logId) });
  const where = visibleWhere(handle, request.caller, whereSql(table, db.engine, request.where));
  const row = await dynamicTables(db).selectFrom(source).selectAll().where(where).executeTakeFirst();
  return row ? toApiRow(table, row) : undefined;
}
