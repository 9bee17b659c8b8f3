import type { TableName } from "@app/contracts";
import type { AppRoute } from "@ts-rest/core";
import { fetchWithKeys } from "@/lib/api-fetch";
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
  /** Related rows read along, PostgREST's embedding (`company:crm_companies(name)`): one request, no lookups. */
  embed?: readonly string[];
};

/*
 * Every table is read the same way, PostgREST's `GET /rest/v1/<table>`: at run time the request needs only
 * the table's name, and the row types come from the declarations at compile time. Reading through the
 * shared fetcher (keys, one refresh on a 401) rather than the contract keeps every table's declaration
 * out of the screens that only read, the dashboard among them.
 */
const readRoute = { method: "GET", path: "/rest/v1/:table", responses: {} } satisfies AppRoute;

function queryString(query: Record<string, string>): string {
  const pairs = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

/** The query string PostgREST reads: the columns, the filters, the order, then the page. */
export function tableQuery<T extends TableName>(
  options: ReadOptions<T, ColumnOf<T>>,
): Record<string, string> {
  const { select, filters = {}, order, range, embed } = options;
  const query: Record<string, string> = {};
  if (select || embed) query.select = [...(select ?? ["*"]), ...(embed ?? [])].join(",");
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
  const query = tableQuery(options);
  const response = await fetchWithKeys({
    route: readRoute,
    path: `/rest/v1/${table}${queryString(query)}`,
    method: "GET",
    headers: { prefer: `count=${options.count ?? "estimated"}` },
    body: undefined,
    rawBody: undefined,
    rawQuery: query,
    contentType: undefined,
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One row by id, or null when there is none (never existed, or deleted). */
export async function readRecord<T extends TableName>(
  table: T,
  id: string,
  options: { count?: CountMode; signal?: AbortSignal } = {},
) {
  // Every table's key is a uuid: an address naming anything else names no row, answered here rather
  // than by a request the server refuses with a 400.
  if (!UUID.test(id)) return null;
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
