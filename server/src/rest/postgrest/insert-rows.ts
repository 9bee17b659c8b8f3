import { sql } from "kysely";
import type { Database, Db } from "../../db/database";
import { isUniqueViolation, translatingDatabaseErrors } from "../../db/db-errors";
import { dynamicTables } from "../../db/dynamic-tables";
import { toApiRow, toStoredRow } from "../../db/stored-values";
import type { HookContext, Row } from "../table-hooks";
import { columnOf } from "./conditions";
import { asRead, readClock, readSource, type TableHandle } from "./table-service";
import {
  assertOutcome,
  assertWritable,
  hookContext,
  updateOne,
  type WriteRequest,
  withTimestamps,
} from "./write-rows";
import { insertStoredRow } from "./write-statements";

/**
 * POST over one declared table: inserts, and upserts (`Prefer: resolution=…`, `on_conflict`). A row the
 * upsert meets is an update: merge-duplicates changes it exactly as a PATCH of the sent columns would
 * (frozen states, beforeUpdate, a new version, the timeline), ignore-duplicates leaves it as it is. Only
 * rows that are new go through the insert hooks.
 */
export async function insertRows(
  db: Database,
  handle: TableHandle,
  rows: Row[],
  request: WriteRequest,
): Promise<{ written: Row[]; created: number }> {
  const { table } = handle;
  const { prefer, query } = request;
  for (const c of query.onConflict ?? []) columnOf(table, c);
  // As in PostgREST, on_conflict only names the key of an upsert that Prefer: resolution asks for.
  const conflict = prefer.resolution ? (query.onConflict ?? [table.primaryKey]) : undefined;
  return db.withTransaction(async (trx) => {
    const ctx = hookContext(trx, request);
    const written: Row[] = [];
    let created = 0;
    for (const input of rows) {
      assertWritable(table, input);
      const existing = conflict ? await lockByKey(db, trx, handle, conflict, input, request.at) : undefined;
      if (existing && prefer.resolution === "ignore-duplicates") continue;
      let row: Row | undefined;
      if (existing) row = await updateOne(db, handle, ctx, existing, withoutKey(input, conflict ?? []));
      else if (conflict && prefer.resolution === "merge-duplicates")
        row = await insertOrMerge(db, handle, ctx, input, conflict);
      else
        row = await insertOne(
          db,
          handle,
          ctx,
          input,
          prefer.resolution === "ignore-duplicates" ? conflict : undefined,
        );
      if (row) written.push(row);
      if (row && !existing) created++;
    }
    assertOutcome("insert", written.length, request);
    return { written, created };
  });
}

/** A merge changes what the request sent, but never the key it was matched on. */
const withoutKey = (input: Row, key: string[]): Row =>
  Object.fromEntries(Object.entries(input).filter(([column]) => !key.includes(column)));

/**
 * The existing row an upsert meets, as a PATCH sees it (derived columns computed), locked on PostgreSQL
 * until the transaction ends.
 */
async function lockByKey(db: Database, trx: Db, handle: TableHandle, key: string[], input: Row, at: string) {
  const { table } = handle;
  const stored = toStoredRow(table, input, db.engine);
  if (key.some((c) => stored[c] === undefined || stored[c] === null)) return undefined;
  let query = dynamicTables(trx)
    .selectFrom(readSource(handle, readClock(Date.parse(at))))
    .selectAll();
  for (const c of key) query = query.where(sql.ref(c), "=", stored[c]);
  if (db.engine === "postgres") query = query.forUpdate();
  const found = await query.executeTakeFirst();
  return found ? toApiRow(table, found) : undefined;
}

/**
 * A merge upsert's row that was not there when looked up. On PostgreSQL another transaction may insert
 * the same key before this insert does (its lookup found nothing to lock); ON CONFLICT DO UPDATE would
 * wait for it and update its row, so the insert runs under a savepoint and, on a duplicate of the
 * upsert's key, the row the other committed is locked and updated with every rule of an update. SQLite
 * runs one writer at a time, so its lookup cannot be overtaken.
 */
async function insertOrMerge(db: Database, handle: TableHandle, ctx: HookContext, input: Row, key: string[]) {
  if (db.engine !== "postgres") return insertOne(db, handle, ctx, input, undefined);
  await sql`savepoint upsert_insert`.execute(ctx.trx);
  try {
    const row = await insertOne(db, handle, ctx, input, undefined);
    await sql`release savepoint upsert_insert`.execute(ctx.trx);
    return row;
  } catch (error) {
    await sql`rollback to savepoint upsert_insert`.execute(ctx.trx);
    const overtaken = isUniqueViolation(error)
      ? await lockByKey(db, ctx.trx, handle, key, input, ctx.at)
      : undefined;
    // A duplicate of another unique column than the upsert's key is the client's conflict to see.
    if (!overtaken) throw error;
    return updateOne(db, handle, ctx, overtaken, withoutKey(input, key));
  }
}

async function insertOne(
  db: Database,
  handle: TableHandle,
  ctx: HookContext,
  input: Row,
  /** The key whose duplicates are ignored (resolution=ignore-duplicates). */
  ignoreOn: string[] | undefined,
): Promise<Row | undefined> {
  const { table, hooks } = handle;
  const values = withTimestamps(
    table,
    hooks.beforeInsert ? await hooks.beforeInsert(ctx, input) : input,
    ctx.at,
    true,
  );
  // A row another transaction inserted since the lookup is a duplicate to ignore, or (for a merge) a
  // conflict the client retries: never an update that skipped the update hooks.
  const row = await translatingDatabaseErrors({ table: table.name, row: values }, () =>
    insertStoredRow(ctx.trx, table.name, toStoredRow(table, values, db.engine), ignoreOn),
  );
  if (!row) return undefined;
  const after = await asRead(ctx.trx, handle, readClock(Date.parse(ctx.at)), row);
  await hooks.afterWrite?.(ctx, { verb: "insert", after });
  return after;
}
