import type { Caller, TableDefinition } from "@app/contracts";
import { type AliasedRawBuilder, CompiledQuery, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database, Db } from "../../db/database";
import { translatingDatabaseErrors } from "../../db/db-errors";
import { type DynamicRow, dynamicTables } from "../../db/dynamic-tables";
import { project, toApiRow } from "../../db/stored-values";
import { restError } from "../../http/rest-error";
import type { Row, TableHooks } from "../table-hooks";
import { codePointOrder, columnOf, whereSql } from "./conditions";
import { type EmbedContext, embedAndShape, embedPaths, innerEmbedConditions } from "./embed-rows";
import { jsonColumnOf, jsonPathSql, TEXT_AT_PATH } from "./json-path";
import type { OrderTerm, ParsedQuery, Preferences } from "./parse-query";

/**
 * The generic data API over one declared table: reads with PostgREST's filters, order and paging, and
 * what the writes (write-rows.ts, insert-rows.ts) share with them: the table's hooks and its read source.
 */

export interface TableHandle {
  table: TableDefinition;
  hooks: TableHooks;
}

export interface ReadRequest {
  /** Who reads: the table's readableRows hook may hide rows from them. */
  caller: Caller;
  /** The read clock (see readClock). */
  at: string;
  query: ParsedQuery;
  prefer: Preferences;
  range?: { offset: number; limit?: number };
  /** Every table, for the resources a select embeds. */
  schema?: Pick<EmbedContext, "handleOf" | "tables">;
}

function selectedColumns(table: TableDefinition, select: string[] | undefined): string[] {
  if (!select) return [...table.columnNames];
  const names = select.flatMap((name) => (name === "*" ? table.columnNames : [name]));
  for (const name of names) columnOf(table, name);
  return [...new Set(names)];
}

export function orderTerms(table: TableDefinition, order: OrderTerm[]): OrderTerm[] {
  const terms = order.length > 0 ? order : parseDefaultOrder(table.defaultOrder);
  for (const t of terms) {
    if (t.path) {
      jsonColumnOf(table, t.column);
      // jsonb's own order (by type, then size) is PostgreSQL's alone: JSON paths order as text.
      if (!t.path.asText) throw restError("42883", `order by a JSON path needs ->> (its value as text)`);
      continue;
    }
    const spec = columnOf(table, t.column);
    if (!spec.filterable) throw restError("42883", `column ${table.name}.${t.column} cannot be ordered by`);
  }
  return terms;
}

function parseDefaultOrder(value: string): OrderTerm[] {
  return value.split(",").map((term) => {
    const [column = "", direction] = term.split(".");
    return { column, direction: direction === "desc" ? "desc" : "asc" };
  });
}

/**
 * ORDER BY with PostgreSQL's null placement written out (SQLite's default differs), then the primary key,
 * so pages never overlap or skip rows that tie.
 */
export function orderSql(table: TableDefinition, terms: OrderTerm[], engine: Database["engine"]) {
  const parts = terms.map((t) => {
    // Text in code point order on both engines (see codePointOrder).
    const spec = t.path ? TEXT_AT_PATH : table.columns[t.column];
    const ref = t.path ? jsonPathSql(engine, t.column, t.path) : sql.ref(t.column);
    const column = spec ? codePointOrder(engine, spec, ref) : ref;
    // A column that is never null needs no placement, and without one SQLite can walk an index in order.
    if (!t.nulls && !spec?.nullable) return sql`${column} ${sql.raw(t.direction)}`;
    const nulls = t.nulls ?? (t.direction === "asc" ? "last" : "first");
    return sql`${column} ${sql.raw(t.direction)} nulls ${sql.raw(nulls)}`;
  });
  if (!terms.some((t) => t.column === table.primaryKey && !t.path))
    parts.push(sql`${sql.ref(table.primaryKey)} asc`);
  return sql.join(parts);
}

const all = sql<SqlBool>`1 = 1`;

/**
 * The caller's filters, narrowed to the rows the caller may see at all (see TableHooks.readableRows):
 * a filter can only ever pick among those, so no filter, count or order reveals another row. The
 * service_role key sees every row, as PostgreSQL's BYPASSRLS role does.
 */
export function visibleWhere(
  handle: TableHandle,
  caller: Caller,
  where: RawBuilder<SqlBool> | undefined,
): RawBuilder<SqlBool> {
  const readable = caller === "service_role" ? undefined : handle.hooks.readableRows?.(caller);
  if (!readable) return where ?? all;
  return where ? sql<SqlBool>`(${readable}) and (${where})` : readable;
}

/** Derived columns are computed to the minute (an event is past once its minute has gone by). */
export const READ_CLOCK_MS = 60_000;

/**
 * The time derived columns are computed at: the request's time to the minute. Reads within one minute
 * agree, so a cached read (see the table router and the public read cache, which both keep answers for
 * at most the minute) shows exactly what a fresh one would.
 */
export function readClock(ms: number): string {
  return new Date(Math.floor(ms / READ_CLOCK_MS) * READ_CLOCK_MS).toISOString();
}

export const hasDerivedColumns = (hooks: TableHooks) => Object.keys(hooks.derivedColumns ?? {}).length > 0;

/**
 * What reads select from: the table itself, or, when it has derived columns, a subquery of the same name
 * that computes them, so filters, order and counts apply to the value a reader sees (`status=eq.past`).
 * With `from`: the same over another source of the table's rows (a row logged for the realtime feed).
 * With `sampleRows` (SQLite only): a subquery of the same name over the table's first rows by rowid, with
 * their rowids (which the search filters look up) and derived columns, for the count's estimate.
 */
function readSource(
  handle: TableHandle,
  at: string,
  { from, sampleRows }: { from?: AliasedRawBuilder<DynamicRow, string>; sampleRows?: number } = {},
): string | AliasedRawBuilder<DynamicRow, string> {
  const { table, hooks } = handle;
  const derived = hooks.derivedColumns;
  const plain = !derived || !hasDerivedColumns(hooks);
  if (plain && sampleRows === undefined) return from ?? table.name;
  const columns = plain
    ? [sql`*`]
    : table.columnNames.map((name) => {
        const expression = derived[name];
        return expression ? sql`${expression(at)} as ${sql.ref(name)}` : sql.ref(name);
      });
  const body = sql`${sql.join(columns)} from ${from ?? sql.table(table.name)}`;
  const query =
    sampleRows === undefined
      ? sql`select ${body}`
      : sql`select rowid, ${body} order by rowid limit ${sampleRows}`;
  return sql<DynamicRow>`(${query})`.as(table.name);
}

/** A written row as a reader would see it: with its derived columns computed. */
async function asRead(trx: Db, handle: TableHandle, at: string, stored: Row): Promise<Row> {
  const { table, hooks } = handle;
  if (!hasDerivedColumns(hooks)) return toApiRow(table, stored);
  const key = stored[table.primaryKey];
  const row = await dynamicTables(trx)
    .selectFrom(readSource(handle, at))
    .selectAll()
    .where(sql.ref(table.primaryKey), "=", key)
    .executeTakeFirst();
  return toApiRow(table, row ?? stored);
}

/** What shaping a select needs beyond the rows: every table, for what it embeds, and who reads them. */
export function embedContextOf(
  db: Database,
  request: Pick<ReadRequest, "caller" | "at" | "query" | "schema">,
): EmbedContext | undefined {
  const { query, schema } = request;
  if (!query.tree || !schema) return undefined;
  return { db, caller: request.caller, at: request.at, embedded: query.embedded ?? {}, ...schema };
}

export async function readRows(db: Database, handle: TableHandle, request: ReadRequest) {
  const { table } = handle;
  const { query, prefer, range } = request;
  const source = readSource(handle, request.at);
  const columns = selectedColumns(table, query.select);
  const embedding = embedContextOf(db, request);
  const paths = embedPaths(query.tree ?? []);
  for (const path of Object.keys(query.embedded ?? {}))
    if (!paths.has(path))
      throw restError("PGRST108", `'${path}' is not an embedded resource in this request`);
  const inner = embedding ? innerEmbedConditions(embedding, table, query.tree) : [];
  const filtered = whereSql(table, db.engine, query.where);
  const where = visibleWhere(
    handle,
    request.caller,
    inner.length > 0 ? sql<SqlBool>`${sql.join([filtered ?? all, ...inner], sql` and `)}` : filtered,
  );
  const offset = query.offset ?? range?.offset ?? 0;
  const asked = query.limit ?? range?.limit;
  const limit = Math.min(asked ?? table.maxRows, table.maxRows);
  const order = orderSql(table, orderTerms(table, query.order), db.engine);
  const { rows, total } = await translatingDatabaseErrors({ table: table.name }, async () => {
    const rows = await dynamicTables(db)
      .selectFrom(source)
      .selectAll()
      .where(where)
      .orderBy(order)
      .limit(limit)
      .offset(offset)
      .execute();
    const page = { offset, limit, rows: rows.length };
    const total = prefer.count
      ? await countRows(db, handle, request.at, source, where, prefer.count, page)
      : undefined;
    return { rows, total };
  });
  const answered =
    embedding && query.tree
      ? await embedAndShape(
          embedding,
          table,
          rows.map((row) => toApiRow(table, row)),
          query.tree,
        )
      : rows.map((row) => project(toApiRow(table, row), columns));
  return { rows: answered, offset, total };
}

type Source = ReturnType<typeof readSource>;
type CountMode = NonNullable<Preferences["count"]>;

/**
 * The total a `Prefer: count=…` asks for, as PostgREST answers it. `exact` counts every matching row;
 * `planned` answers the engine's estimate; `estimated` counts exactly up to the table's most rows per
 * read (PostgREST's db-max-rows) and answers the estimate beyond. A page that ends the list (shorter than
 * asked, and not past the end) tells its total without counting at all.
 */
async function countRows(
  db: Database,
  handle: TableHandle,
  at: string,
  source: Source,
  where: RawBuilder<SqlBool>,
  mode: CountMode,
  page: { offset: number; limit: number; rows: number },
) {
  // Rows are known to exist up to the end of the page, if it holds any: an empty page past the end says
  // nothing about the rows its offset skipped.
  const seen = page.rows > 0 ? page.offset + page.rows : 0;
  if (page.rows < page.limit && (page.rows > 0 || page.offset === 0)) return seen;
  if (mode === "exact") return exactCount(db, source, where);
  if (mode === "estimated") {
    const upTo = handle.table.maxRows;
    const counted = await exactCount(db, source, where, upTo + 1);
    if (counted <= upTo) return counted;
  }
  // An estimate may fall short of the rows already seen; never answer fewer than those.
  return Math.max(await plannedCount(db, handle, at, source, where), seen);
}

/** count(*) of the matching rows; with `upTo`, of at most that many (the scan stops there). */
async function exactCount(db: Db, source: Source, where: RawBuilder<SqlBool>, upTo?: number) {
  const matching = dynamicTables(db).selectFrom(source).select(sql`1`.as("one")).where(where);
  const bounded = upTo === undefined ? matching : matching.limit(upTo);
  const row = (await db
    .selectFrom(bounded.as("matching"))
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirst()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** Rows in the sample behind SQLite's estimate. */
const SAMPLE_ROWS = 500;

/**
 * The engine's estimate of the matching rows. PostgreSQL's planner says it (EXPLAIN, from the
 * statistics ANALYZE keeps). SQLite's planner keeps no row estimates, so it is the share of matching rows
 * among the first rows of the table times the table's rowid span: a bounded amount of work however large
 * the table grows. The sample keeps its rowids, which the search filters look up; min and max are two
 * subqueries, each one step to an end of the rowid tree (together in one select they scan). A table with
 * derived columns samples them computed, so a filter on one (`status=eq.overdue`) is estimated alike.
 */
async function plannedCount(
  db: Database,
  handle: TableHandle,
  at: string,
  source: Source,
  where: RawBuilder<SqlBool>,
) {
  const query = dynamicTables(db).selectFrom(source).select(sql`1`.as("one")).where(where).compile();
  if (db.engine === "postgres") {
    const explained = await db.executeQuery<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    return Math.round(explained.rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0);
  }
  const table = sql.table(handle.table.name);
  const span = (
    await sql<{ low: number | null; high: number | null }>`
    select (select min(rowid) from ${table}) as low, (select max(rowid) from ${table}) as high`.execute(db)
  ).rows[0];
  if (!span || span.low === null || span.high === null) return 0;
  const sampled = readSource(handle, at, { sampleRows: SAMPLE_ROWS });
  const sample = (await dynamicTables(db)
    .selectFrom(sampled)
    .select([sql<number>`count(*)`.as("sampled"), sql<number>`coalesce(sum(${where}), 0)`.as("matched")])
    .executeTakeFirst()) as { sampled: number; matched: number } | undefined;
  if (!sample || sample.sampled === 0) return 0;
  return Math.round((sample.matched / sample.sampled) * (span.high - span.low + 1));
}

/** The order a write limited by `limit`/`offset` takes its rows in: the read's order, ties broken by key. */
export const writeOrder = (table: TableDefinition, order: OrderTerm[], engine: Database["engine"]) =>
  orderSql(table, orderTerms(table, order), engine);

export { asRead, readSource, selectedColumns };
