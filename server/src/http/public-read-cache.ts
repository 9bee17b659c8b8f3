import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { negotiateEncoding } from "./content-encoding";
import { logWhenFinished, requestIdOf } from "./logger";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The request headers a data-API read answers differently by: CORS by the Origin, a page by Range, one
 * object instead of a list by Accept, a count (and a 206) or a 400 by Prefer. Each is part of the key, so
 * an answer is only ever replayed to a request that would have got the same one.
 */
const VARYING_HEADERS = ["origin", "accept", "range", "prefer"] as const;

interface Entry {
  /** The app's headers as one flat [name, value, …] list, which writeHead takes without copying an object. */
  headers: (string | number)[];
  body: Buffer;
}

export interface PublicReadCacheOptions {
  /**
   * Paths whose anonymous GET answers depend only on the URL, the database and the request headers
   * named in VARYING_HEADERS (with the accepted encodings).
   */
  paths: string[];
  anonKey: string;
  /** Changes whenever the database may have changed; every entry is dropped then. */
  changeStamp(): string;
  logger: Logger;
  maxEntries?: number;
}

/**
 * A response cache in front of the Express app for public reads made with the anonymous key (the home
 * page's events list is read by every visitor). A miss goes through the app as usual and its 200 answer
 * (headers and bytes, exactly as the app wrote them) is kept until the database changes; a hit replays
 * it with a fresh request id and access-log line. Express's own per-request work is most of the cost of
 * such a read, so a hit skips all of it. Anything else (another key, a user token, another method or
 * path) goes straight to the app.
 */
export function createPublicReadCache(app: Handler, options: PublicReadCacheOptions): Handler {
  const paths = new Set(options.paths);
  const maxEntries = options.maxEntries ?? 200;
  const anonBearer = `Bearer ${options.anonKey}`;
  const entries = new Map<string, Entry>();
  let entriesStamp = "";

  function keyOf(req: IncomingMessage): string | undefined {
    if (req.method !== "GET" || !req.url) return undefined;
    const q = req.url.indexOf("?");
    if (!paths.has(q === -1 ? req.url : req.url.slice(0, q))) return undefined;
    const { apikey, authorization } = req.headers;
    if (apikey !== options.anonKey || (authorization !== undefined && authorization !== anonBearer))
      return undefined;
    // The app compresses large answers for clients that accept it: one entry per encoding it would pick.
    const encoding = negotiateEncoding(req.headers["accept-encoding"]) ?? "identity";
    return JSON.stringify([req.url, encoding, ...VARYING_HEADERS.map((name) => req.headers[name] ?? null)]);
  }

  function record(key: string, res: ServerResponse, stamp: string) {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
    }) as typeof res.end;
    res.once("finish", () => {
      if (res.statusCode !== 200 || entriesStamp !== stamp || options.changeStamp() !== stamp) return;
      const headers: Entry["headers"] = [];
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (name === "x-request-id" || value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.push(name, one);
      }
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { headers, body: Buffer.concat(chunks) });
    });
  }

  return (req, res) => {
    const key = keyOf(req);
    if (!key) return app(req, res);
    const stamp = options.changeStamp();
    if (stamp !== entriesStamp) {
      entries.clear();
      entriesStamp = stamp;
    }
    const hit = entries.get(key);
    if (!hit) {
      record(key, res, stamp);
      return app(req, res);
    }
    const id = requestIdOf(req);
    // A replayed answer is always a 200: no access-log line to wait for when info is off.
    if (options.logger.isLevelEnabled("info")) logWhenFinished(options.logger, req, res, id);
    res.writeHead(200, [...hit.headers, "x-request-id", id]);
    res.end(hit.body);
  };
}
