import type { TablesOfArea } from "@app/contracts";
import { tsr } from "@/lib/api-client";
import { expectSuccess, parseContentRangeTotal, type RowsAnswer, readRows } from "@/lib/postgrest";

/** The tables the legal screens read: the legal area's, and contacts (a party variable's source). */
export type LegalReadable = TablesOfArea<"legal"> | "crm_contacts";

type ListResponse = { status: number; body: unknown; headers: Headers };
type List = (args: {
  query: Record<string, string>;
  headers: { prefer?: string };
  fetchOptions?: { signal?: AbortSignal };
}) => Promise<ListResponse>;

/** The read routes, seen through the one shape this module needs (see lib/table-writes.ts for why). */
const listRoutes = tsr.tables as unknown as Record<LegalReadable, { list: { query: List } }>;

/** Rows and the total (`Prefer: count=exact`), or the API's refusal thrown for the one toast path. */
export async function readLegal<T>(
  table: LegalReadable,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<RowsAnswer<T>> {
  const response = await listRoutes[table].list.query({
    query,
    headers: { prefer: "count=exact" },
    fetchOptions: { signal },
  });
  return readRows<T>(expectSuccess(response));
}

/** How many rows match, without reading any (`limit=0` and the Content-Range total). */
export async function countLegal(table: LegalReadable, query: Record<string, string>, signal?: AbortSignal) {
  const response = expectSuccess(
    await listRoutes[table].list.query({
      query: { ...query, select: "id", limit: "0" },
      headers: { prefer: "count=exact" },
      fetchOptions: { signal },
    }),
  );
  return parseContentRangeTotal(response.headers.get("content-range")) ?? 0;
}

/** One row by id, or null when there is none. */
export async function readLegalRecord<T>(table: LegalReadable, id: string, signal?: AbortSignal) {
  const { rows } = await readLegal<T>(table, { id: `eq.${id}`, limit: "1" }, signal);
  return rows[0] ?? null;
}
