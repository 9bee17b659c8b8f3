import { authContract } from "@app/contracts";
import { type ApiFetcher, initClient, initContract } from "@ts-rest/core";
import { type AuthError, createNetworkError, parseAuthError } from "./auth-error";
import { API_VERSION_HEADER } from "./constants";

/** The auth routes alone, with the server contract's strict status codes: a browser bundles nothing else. */
const auth = initContract().router(authContract, { strictStatusCodes: true });

export function createAuthApi(options: { url: string; anonKey: string; fetch: typeof fetch }) {
  // Our own fetcher so the injected fetch is used and any body (JSON, gateway HTML, empty 204) is read.
  const api: ApiFetcher = async ({ path, method, headers, body, fetchOptions }) => {
    const response = await options.fetch(path, { ...fetchOptions, method, headers, body: body ?? null });
    const text = await response.text();
    return { status: response.status, body: parseBody(text), headers: response.headers };
  };
  return initClient(auth, {
    baseUrl: options.url.replace(/\/+$/, ""),
    baseHeaders: { apikey: options.anonKey, ...API_VERSION_HEADER },
    api,
    throwOnUnknownStatus: false,
  });
}

function parseBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function bearer(accessToken: string) {
  return { extraHeaders: { authorization: `Bearer ${accessToken}` } };
}

type SuccessBody<R> = R extends { status: 200 | 204; body: infer B } ? B : never;
export type ApiOutcome<T> = { data: T; error: null } | { data: null; error: AuthError };

/** Runs one typed call and splits it into data or an AuthError; a thrown fetch becomes a network error. */
export async function callAuthApi<R extends { status: number; body: unknown; headers?: Headers }>(
  request: () => Promise<R>,
): Promise<ApiOutcome<SuccessBody<R>>> {
  let response: R;
  try {
    response = await request();
  } catch (cause) {
    return { data: null, error: createNetworkError(cause) };
  }
  if (response.status >= 200 && response.status < 300) {
    return { data: response.body as SuccessBody<R>, error: null };
  }
  return {
    data: null,
    error: parseAuthError(response.status, response.body, response.headers?.get("retry-after")),
  };
}
