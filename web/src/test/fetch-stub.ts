import { vi } from "vitest";

export type RecordedRequest = { url: string; method: string; headers: Headers; body: unknown };

/**
 * Replaces global fetch (the edge every API call crosses) with a handler, recording each request.
 * The handler may return a pending promise to hold a request in flight.
 */
export function stubFetch(handler: (request: RecordedRequest) => Response | Promise<Response>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const rawBody = init.body;
    const request: RecordedRequest = {
      url: String(input instanceof Request ? input.url : input),
      method: (init.method ?? "GET").toUpperCase(),
      headers: new Headers(init.headers),
      body: typeof rawBody === "string" ? JSON.parse(rawBody) : rawBody,
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, requests };
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
