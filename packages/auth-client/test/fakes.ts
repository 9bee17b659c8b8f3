/**
 * Fakes shared by the unit tests: an auth server that checks every request against the contract, a shared
 * storage, a BroadcastChannel hub, a visibility source, and a location/history pair.
 */
import { type AuthUser, contract } from "@app/contracts";
import { isAppRoute } from "@ts-rest/core";
import { type AuthClient, createAuthClient } from "../src/create-auth-client";
import type {
  AuthChangeEvent,
  AuthClientOptions,
  BroadcastChannelLike,
  HistoryLike,
  LocationLike,
  Session,
  StorageLike,
  VisibilitySource,
} from "../src/types";

type AuthRoutes = typeof contract.auth;
export type AuthRouteName = keyof AuthRoutes;

export interface FakeRequest {
  route: AuthRouteName;
  query: Record<string, string>;
  params: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
  /** Date.now() when the request reached the server (fake timers make it exact). */
  at: number;
}

export type FakeReply =
  | { status: number; body?: unknown; delayMs?: number; headers?: Record<string, string> }
  | "network-error";
export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export const ANON_KEY = "anon-test-key";
const BASE_URL = "https://auth.test";

function compilePath(path: string): RegExp {
  const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:(\w+)/g, "(?<$1>[^/]+)");
  return new RegExp(`^${pattern}$`);
}

/** `violations` lists every request the contract would refuse; tests assert it stays empty. */
export function createFakeAuthServer(handlers: Partial<Record<AuthRouteName, FakeHandler>>) {
  const requests: FakeRequest[] = [];
  const violations: string[] = [];
  const routes = Object.entries(contract.auth).filter(([, route]) => isAppRoute(route));

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const found = routes
      .map(([name, route]) => ({
        name: name as AuthRouteName,
        route,
        match: compilePath(route.path).exec(url.pathname),
      }))
      .find((candidate) => candidate.route.method === method && candidate.match);
    if (!found?.match) {
      violations.push(`no contract route for ${method} ${url.pathname}`);
      return new Response(null, { status: 599 });
    }
    const { name, route } = found;
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, key) => {
      query[key] = value;
    });
    const params = { ...found.match.groups };
    const rawBody = typeof init?.body === "string" ? init.body : undefined;
    const body: unknown = rawBody === undefined ? undefined : JSON.parse(rawBody);

    if (url.origin !== BASE_URL) violations.push(`${name}: wrong origin ${url.origin}`);
    if (headers.apikey !== ANON_KEY) violations.push(`${name}: missing apikey header`);
    if (route.metadata && (route.metadata as { access?: string }).access === "user") {
      if (!/^Bearer \S+$/.test(headers.authorization ?? "")) violations.push(`${name}: missing bearer token`);
    }
    const check = (what: string, schema: unknown, value: unknown) => {
      if (!schema || typeof schema !== "object" || !("safeParse" in schema)) return;
      const result = (
        schema as { safeParse: (v: unknown) => { success: boolean; error?: unknown } }
      ).safeParse(value);
      if (!result.success)
        violations.push(`${name}: ${what} ${JSON.stringify(value)} refused: ${String(result.error)}`);
    };
    check("query", "query" in route ? route.query : undefined, query);
    check("params", "pathParams" in route ? route.pathParams : undefined, params);
    if ("body" in route && route.body && typeof route.body === "object" && "safeParse" in route.body) {
      check("body", route.body, body);
      if (body !== undefined && headers["content-type"] !== "application/json") {
        violations.push(`${name}: body without JSON content type`);
      }
    } else if (body !== undefined) {
      violations.push(`${name}: sent a body to a route without one`);
    }

    const request: FakeRequest = { route: name, query, params, body, headers, at: Date.now() };
    requests.push(request);
    const handler = handlers[name];
    if (!handler) {
      violations.push(`${name}: no handler in this test`);
      return new Response(null, { status: 599 });
    }
    const reply = await handler(request);
    if (reply === "network-error") throw new TypeError("fetch failed");
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.body === undefined) return new Response(null, { status: reply.status, headers: reply.headers });
    const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status,
      headers: {
        "content-type": typeof reply.body === "string" ? "text/html" : "application/json",
        ...reply.headers,
      },
    });
  };

  return {
    fetch,
    requests,
    violations,
    requestsTo: (route: AuthRouteName) => requests.filter((r) => r.route === route),
    refreshRequests: () =>
      requests.filter((r) => r.route === "issueToken" && r.query.grant_type === "refresh_token"),
  };
}
export type FakeAuthServer = ReturnType<typeof createFakeAuthServer>;

export function createMemoryStorage(): StorageLike & { dump(): Record<string, string> } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    dump: () => Object.fromEntries(values),
  };
}

/** BroadcastChannels that deliver to every other open channel of the same name, a task later, like browsers. */
export function createBroadcastHub() {
  const open = new Set<FakeChannel>();
  class FakeChannel implements BroadcastChannelLike {
    onmessage: ((event: MessageEvent) => void) | null = null;
    constructor(readonly name: string) {
      open.add(this);
    }
    postMessage(message: unknown): void {
      const data = structuredClone(message);
      for (const other of open) {
        if (other === this || other.name !== this.name) continue;
        setTimeout(() => other.onmessage?.({ data } as MessageEvent), 0);
      }
    }
    close(): void {
      open.delete(this);
    }
  }
  return { BroadcastChannel: FakeChannel, openChannels: () => open.size };
}

export function createFakeDocument(initial: DocumentVisibilityState = "visible") {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: initial,
    addEventListener: (_type: "visibilitychange", listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: "visibilitychange", listener: () => void) => void listeners.delete(listener),
    setVisibility(state: DocumentVisibilityState) {
      doc.visibilityState = state;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
  return doc satisfies VisibilitySource;
}

export function createFakeLocation(href: string) {
  let url = new URL(href);
  const location: LocationLike & { readonly href: string } = {
    get hash() {
      return url.hash;
    },
    get origin() {
      return url.origin;
    },
    get pathname() {
      return url.pathname;
    },
    get search() {
      return url.search;
    },
    get href() {
      return url.href;
    },
  };
  const replaced: string[] = [];
  const history: HistoryLike & { replaced: string[] } = {
    state: { key: "kept" },
    replaced,
    replaceState(_data, _unused, next) {
      replaced.push(String(next));
      url = new URL(String(next), url);
    },
  };
  return { location, history };
}

export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}.signature`;
}

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    aud: "authenticated",
    role: "authenticated",
    email: "ada@example.com",
    phone: "",
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: { full_name: "Ada Lovelace" },
    identities: [],
    created_at: "2030-01-01T00:00:00Z",
    updated_at: "2030-01-01T00:00:00Z",
    is_anonymous: false,
    ...overrides,
  };
}

let tokenCounter = 0;

/** A session whose access token expires `expiresInSec` after Date.now() (fake time). */
export function makeSession(expiresInSec: number, overrides: Partial<Session> = {}): Session {
  tokenCounter += 1;
  const expiresAt = Math.floor(Date.now() / 1000) + expiresInSec;
  return {
    access_token: makeJwt({ sub: makeUser().id, exp: expiresAt, aal: "aal1", n: tokenCounter }),
    refresh_token: `refresh-${tokenCounter}`,
    token_type: "bearer",
    expires_in: expiresInSec,
    expires_at: expiresAt,
    user: makeUser(),
    ...overrides,
  };
}

export function storeSession(storage: StorageLike, session: Session, key = "app-auth-token"): void {
  storage.setItem(key, JSON.stringify(session));
}

export function readStoredSession(storage: StorageLike, key = "app-auth-token"): Session | null {
  const raw = storage.getItem(key);
  return raw ? (JSON.parse(raw) as Session) : null;
}

/**
 * A refresh handler with GoTrue's rotation rule: each refresh token works once, and presenting a used one is
 * refused, so a test that double-refreshes fails loudly.
 */
export function rotatingRefresh(options: { lifetimeSec?: number } = {}): FakeHandler & { issued: Session[] } {
  const used = new Set<string>();
  const issued: Session[] = [];
  const handler = ((request: FakeRequest) => {
    const token = (request.body as { refresh_token: string }).refresh_token;
    if (used.has(token)) {
      return {
        status: 400,
        body: { code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used" },
      };
    }
    used.add(token);
    const next = makeSession(options.lifetimeSec ?? 3600);
    issued.push(next);
    return { status: 200, body: next };
  }) as FakeHandler & { issued: Session[] };
  handler.issued = issued;
  return handler;
}

/** A client with every browser dependency switched off unless the test passes one. */
export function createTestClient(server: FakeAuthServer, overrides: Partial<AuthClientOptions> = {}) {
  return createAuthClient({
    url: BASE_URL,
    anonKey: ANON_KEY,
    fetch: server.fetch,
    storage: createMemoryStorage(),
    BroadcastChannel: null,
    document: null,
    storageEvents: null,
    location: null,
    history: null,
    locks: null,
    ...overrides,
  });
}

export function recordEvents(client: AuthClient) {
  const events: { event: AuthChangeEvent; session: Session | null; at: number }[] = [];
  client.onAuthStateChange((event, session) => events.push({ event, session, at: Date.now() }));
  return {
    events,
    names: () => events.map((e) => e.event),
  };
}
