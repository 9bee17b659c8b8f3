import type { TableName } from "@app/contracts";
import { tsr } from "@/lib/api-client";
import { expectSuccess, parseContentRangeTotal, type RowsAnswer, readRows } from "@/lib/postgrest";
import type { TableRow } from "@/lib/table-writes";

/** A column of a declared table, as its row type names it. */
export type ColumnOf<T extends TableName> = Extract<keyof TableRow<T>, string>;

type Direction = "asc" | "desc";
/** PostgREST's `order` term: `name.asc`, or `last_activity_at.asc.nullsfirst`. */
type OrderBy<T extends TableName> =
  | `${ColumnOf<T>}.${Direction}`
  | `${ColumnOf<T>}.${Direction}.${"nullsfirst" | "nullslast"}`;

/**
 * Filters in PostgREST's grammar (`eq.talent`, `is.null`, `in.(…)`), keyed by the table's columns; `and`
 * and `or` take a parenthesised group, whose columns the server checks against the declaration.
 */
export type Filters<T extends TableName> = Partial<Record<ColumnOf<T> | "and" | "or", string>>;

/**
 * `count=estimated` (as PostgREST offers it) is exact up to the table's most rows per read and the
 * planner's estimate beyond, so a long list is not counted row by row on every page; `exact` for the
 * small tables whose figures are shown as they are.
 */
export type CountMode = "exact" | "estimated";

export type ReadOptions<T extends TableName, S extends ColumnOf<T> = ColumnOf<T>> = {
  /** The columns to read; every column when left out. */
  select?: readonly S[];
  filters?: Filters<T>;
  order?: readonly OrderBy<T>[];
  /** A page: at most `limit` rows after skipping `offset`. */
  range?: { limit: number; offset?: number };
  count?: CountMode;
};

type ListResponse = { status: number; body: unknown; headers: Headers };
type List = (args: {
  query: Record<string, string>;
  headers: { prefer: string };
  fetchOptions?: { signal?: AbortSignal };
}) => Promise<ListResponse>;

/*
 * The contract types each table's routes separately, and indexing them by a generic table name is more
 * than TypeScript can represent; the read routes are seen here, once, through the shape this module needs
 * (lib/table-writes.ts does the same for writes). The functions below keep each table's own row type.
 */
const listRoutes: Record<TableName, { list: { query: List } }> = tsr.tables;

/** The query string PostgREST reads: the columns, the filters, the order, then the page. */
export function tableQuery<T extends TableName>(
  options: ReadOptions<T, ColumnOf<T>>,
): Record<string, string> {
  const { select, filters = {}, order, range } = options;
  const query: Record<string, string> = {};
  if (select) query.select = select.join(",");
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query[key] = value as string;
  if (order && order.length > 0) query.order = order.join(",");
  if (range) query.limit = String(range.limit);
  if (range?.offset !== undefined) query.offset = String(range.offset);
  return query;
}

async function list<T extends TableName>(
  table: T,
  options: ReadOptions<T, ColumnOf<T>>,
  signal?: AbortSignal,
) {
  const response = await listRoutes[table].list.query({
    query: tableQuery(options),
    headers: { prefer: `count=${options.count ?? "estimated"}` },
    fetchOptions: { signal },
  });
  return expectSuccess(response);
}

/** A page of rows (only the selected columns) and the total, or the API's refusal thrown for React Query. */
export async function readTable<T extends TableName, S extends ColumnOf<T> = ColumnOf<T>>(
  table: T,
  options: ReadOptions<T, S> = {},
  signal?: AbortSignal,
): Promise<RowsAnswer<Pick<TableRow<T>, S>>> {
  return readRows<Pick<TableRow<T>, S>>(await list(table, options, signal));
}

/** One row by id, or null when there is none (never existed, or deleted). */
export async function readRecord<T extends TableName>(
  table: T,
  id: string,
  options: { count?: CountMode; signal?: AbortSignal } = {},
) {
  const filters = { id: `eq.${id}` } as Filters<T>;
  const { rows } = await readTable(
    table,
    { filters, range: { limit: 1 }, count: options.count },
    options.signal,
  );
  return rows[0] ?? null;
}

/** How many rows match, without reading any (`limit=0` and the Content-Range total). */
export async function countRows<T extends TableName>(
  table: T,
  options: { filters?: Filters<T>; count?: CountMode } = {},
  signal?: AbortSignal,
) {
  const response = await list(
    table,
    { ...options, select: ["id" as ColumnOf<T>], range: { limit: 0 } },
    signal,
  );
  return parseContentRangeTotal(response.headers.get("content-range")) ?? 0;
}
