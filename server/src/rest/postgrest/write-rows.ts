import { randomUUID } from "node:crypto";
import type { Caller, TableDefinition } from "@app/contracts";
import { sql } from "kysely";
import type { Database, Db } from "../../db/database";
import { translatingDatabaseErrors } from "../../db/db-errors";
import { dynamicTables } from "../../db/dynamic-tables";
import { laterThan } from "../../db/row-version";
import { toApiRow, toStoredRow } from "../../db/stored-values";
import { restError } from "../../http/rest-error";
import type { HookContext, Row } from "../table-hooks";
import { readOnlyColumnError } from "./body-errors";
import { whereSql } from "./conditions";
import type { ParsedQuery, Preferences } from "./parse-query";
import { asRead, readClock, readSource, type TableHandle, visibleWhere, writeOrder } from "./table-service";
import { updateStoredRow } from "./write-statements";

/**
 * PATCH and DELETE over one declared table, and what every write shares: the hooks run per row in the
 * write's transaction, and the checks PostgREST makes on the outcome (exactly one row for an object,
 * max-affected) run there too, so a refused outcome leaves nothing behind.
 */

export interface WriteRequest {
  caller: Caller;
  actorId: string | null;
  at: string;
  ip: string | null;
  query: ParsedQuery;
  prefer: Preferences;
  /** The answer must be exactly one row (Accept: application/vnd.pgrst.object+json). */
  singular: boolean;
}

export const hookContext = (trx: Db, request: WriteRequest): HookContext => ({
  trx,
  caller: request.caller,
  actorId: request.actorId,
  at: request.at,
  ip: request.ip,
});

/**
 * Refuses, inside the transaction (so everything is rolled back), an outcome PostgREST refuses: not
 * exactly one row when one object was asked for, or more rows than `max-affected` under handling=strict
 * (an insert has no max-affected).
 */
export function assertOutcome(verb: "insert" | "update" | "delete", count: number, request: WriteRequest) {
  if (request.singular && count !== 1) {
    throw restError("PGRST116", "Cannot coerce the result to a single JSON object", {
      details: `The result contains ${count} rows`,
    });
  }
  const { handling, maxAffected } = request.prefer;
  if (verb !== "insert" && handling === "strict" && maxAffected !== undefined && count > maxAffected) {
    throw restError("PGRST124", "Query result exceeds max-affected preference constraint", {
      details: `The query affects ${count} rows`,
    });
  }
}

/** Columns the table declares read-only (server-set, or moved only by RPCs) are never written here. */
export function assertWritable(table: TableDefinition, values: Row) {
  const column = Object.keys(values).find((name) => table.columns[name]?.readOnly);
  if (column !== undefined) throw readOnlyColumnError(table, column);
}

/** What the server sets itself: a new row's uuid key, and the created/updated times (millisecond ISO). */
export function withTimestamps(table: TableDefinition, values: Row, at: string, isInsert: boolean): Row {
  const out = { ...values };
  if ("updated_at" in table.columns) out.updated_at = at;
  if (isInsert && "created_at" in table.columns) out.created_at = at;
  if (isInsert && out[table.primaryKey] === undefined && table.columns[table.primaryKey]?.type === "uuid") {
    out[table.primaryKey] = randomUUID();
  }
  return out;
}

function refuseFrozen(handle: TableHandle, verb: "update" | "delete", before: Row) {
  const frozen = handle.hooks.frozen;
  if (frozen?.states.includes(String(before[frozen.column]))) throw frozen.refusal(verb, before);
}

/**
 * One existing row changed as a PATCH changes it (an upsert that meets the row too): the frozen states,
 * beforeUpdate, a new version, the timeline. Answers the row as a reader sees it.
 */
export async function updateOne(
  db: Database,
  handle: TableHandle,
  ctx: HookContext,
  before: Row,
  changes: Row,
): Promise<Row | undefined> {
  const { table, hooks } = handle;
  refuseFrozen(handle, "update", before);
  assertWritable(table, changes);
  const values = withTimestamps(
    table,
    hooks.beforeUpdate ? await hooks.beforeUpdate(ctx, changes, before) : changes,
    laterThan(before.updated_at, ctx.at),
    false,
  );
  const row = await translatingDatabaseErrors({ table: table.name, row: { ...before, ...values } }, () =>
    updateStoredRow(
      ctx.trx,
      table.name,
      table.primaryKey,
      before[table.primaryKey],
      toStoredRow(table, values, db.engine),
    ),
  );
  if (!row) return undefined;
  const after = await asRead(ctx.trx, handle, readClock(Date.parse(ctx.at)), row);
  await hooks.afterWrite?.(ctx, { verb: "update", before, after });
  return after;
}

/** A write with `limit` or `offset` changes only that slice of the matching rows (PostgREST 10 to 12). */
const isLimited = (query: ParsedQuery) => query.limit !== undefined || query.offset !== undefined;

function checkScope(verb: "UPDATE" | "DELETE", query: ParsedQuery) {
  // Which rows a slice holds is only defined by an order the client chose.
  if (isLimited(query) && query.order.length === 0) {
    throw restError("PGRST109", "A 'limit' was applied without an explicit 'order'", {
      hint: "Apply an 'order' using unique column(s)",
    });
  }
  // PostgREST under pg-safeupdate: a write without a WHERE clause would touch every row (a limited one
  // selects its rows by key, so it has one).
  if (query.where.length === 0 && !isLimited(query)) {
    throw restError("21000", `${verb} requires a WHERE clause`);
  }
}

/**
 * The rows a write will touch, locked on PostgreSQL until the transaction ends. Filters see derived
 * columns as a read does (`DELETE ?status=eq.past` removes the events a reader sees as past); PostgreSQL
 * takes the lock on the table's rows under the subquery. A limited write takes its slice in the order
 * asked, ties broken by the key, so the slice is always the same rows.
 */
async function lockMatching(trx: Db, db: Database, handle: TableHandle, request: WriteRequest) {
  const { table } = handle;
  const { query } = request;
  // A write, like a read, only ever meets the rows its caller may see.
  const where = visibleWhere(handle, request.caller, whereSql(table, db.engine, query.where));
  let select = dynamicTables(trx)
    .selectFrom(readSource(handle, readClock(Date.parse(request.at))))
    .selectAll()
    .where(where);
  if (isLimited(query)) {
    select = select.orderBy(writeOrder(table, query.order, db.engine));
    // SQLite takes an offset only after a limit; -1 is its "no limit".
    if (query.limit !== undefined) select = select.limit(query.limit);
    else if (db.engine === "sqlite") select = select.limit(-1);
    if (query.offset !== undefined) select = select.offset(query.offset);
  }
  if (db.engine === "postgres") select = select.forUpdate();
  return select.execute();
}

export async function updateRows(db: Database, handle: TableHandle, changes: Row, request: WriteRequest) {
  checkScope("UPDATE", request.query);
  return db.withTransaction(async (trx) => {
    const ctx = hookContext(trx, request);
    const written: Row[] = [];
    for (const stored of await lockMatching(trx, db, handle, request)) {
      const after = await updateOne(db, handle, ctx, toApiRow(handle.table, stored), changes);
      if (after) written.push(after);
    }
    assertOutcome("update", written.length, request);
    return written;
  });
}

export async function deleteRows(db: Database, handle: TableHandle, request: WriteRequest) {
  const { table, hooks } = handle;
  checkScope("DELETE", request.query);
  return db.withTransaction(async (trx) => {
    const ctx = hookContext(trx, request);
    const removed: Row[] = [];
    for (const stored of await lockMatching(trx, db, handle, request)) {
      const before = toApiRow(table, stored);
      refuseFrozen(handle, "delete", before);
      await hooks.beforeDelete?.(ctx, before);
      await translatingDatabaseErrors({ table: table.name, row: before }, () =>
        dynamicTables(trx)
          .deleteFrom(table.name)
          .where(sql.ref(table.primaryKey), "=", stored[table.primaryKey])
          .execute(),
      );
      await hooks.afterWrite?.(ctx, { verb: "delete", before });
      removed.push(before);
    }
    assertOutcome("delete", removed.length, request);
    return removed;
  });
}
