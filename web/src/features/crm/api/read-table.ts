import type { tables } from "@app/contracts";
import { tsr } from "@/lib/api-client";
import { expectSuccess, type RowsAnswer, readRows } from "@/lib/postgrest";

type CrmReadable = Exclude<keyof typeof tables, "events">;
type ListResponse = { status: number; body: unknown; headers: Headers };
type List = (args: {
  query: Record<string, string>;
  headers: { prefer?: string };
  fetchOptions?: { signal?: AbortSignal };
}) => Promise<ListResponse>;

/** The read routes, seen through the one shape this module needs (see table-writes.ts for why). */
const listRoutes = tsr.tables as unknown as Record<CrmReadable, { list: { query: List } }>;

/**
 * A page of rows and the total, or the API's refusal thrown for React Query and the one toast path.
 * `count=estimated` (as PostgREST offers it): exact up to the table's most rows per read, the planner's
 * estimate beyond, so a list of 100k contacts does not count every row on every page.
 */
export async function readTable<T>(
  table: CrmReadable,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<RowsAnswer<T>> {
  const response = await listRoutes[table].list.query({
    query,
    headers: { prefer: "count=estimated" },
    fetchOptions: { signal },
  });
  return readRows<T>(expectSuccess(response));
}

/** One row by id, or null when there is none (never existed, or deleted). */
export async function readRecord<T>(table: CrmReadable, id: string, signal?: AbortSignal) {
  const { rows } = await readTable<T>(table, { id: `eq.${id}`, limit: "1" }, signal);
  return rows[0] ?? null;
}
