import { type RecordedRequest, stubFetch } from "@/test/fetch-stub";

/*
 * A fake data API for the back-office screens' tests: requests are routed by method and table
 * ("PATCH crm_deals"); a read nobody routed answers an empty list, any other call a 500.
 */
export type ApiRequest = RecordedRequest & { path: string; params: URLSearchParams };
type Handler = (request: ApiRequest) => Response | Promise<Response>;

/** A PostgREST list answer: 206 with the total when it is a partial page, as the real server answers. */
export function rowsResponse(rows: unknown[], { total = rows.length, offset = 0 } = {}) {
  const range = rows.length === 0 ? `*/${total}` : `${offset}-${offset + rows.length - 1}/${total}`;
  return new Response(JSON.stringify(rows), {
    status: rows.length < total ? 206 : 200,
    headers: { "content-type": "application/json", "content-range": range },
  });
}

export function writeResponse(rows: unknown[], status = 200) {
  return new Response(JSON.stringify(rows), { status, headers: { "content-type": "application/json" } });
}

export function postgrestError(status: number, code: string, message: string) {
  return new Response(JSON.stringify({ code, message, details: null, hint: null }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

export function stubTableApi(handlers: Record<string, Handler> = {}) {
  const stub = stubFetch((recorded) => {
    const url = new URL(recorded.url, "http://localhost");
    const path = url.pathname.replace(/^\/rest\/v1\//, "");
    const request: ApiRequest = { ...recorded, path, params: url.searchParams };
    const handler = handlers[`${recorded.method} ${path}`];
    if (handler) return handler(request);
    if (recorded.method === "GET") return rowsResponse([]);
    return postgrestError(500, "XX000", `unexpected ${recorded.method} ${path}`);
  });
  const calls = (method: string, path: string) =>
    stub.requests
      .map((recorded) => {
        const url = new URL(recorded.url, "http://localhost");
        return { ...recorded, path: url.pathname.replace(/^\/rest\/v1\//, ""), params: url.searchParams };
      })
      .filter((request) => request.method === method && request.path === path);
  return { ...stub, calls };
}
