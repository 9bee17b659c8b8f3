import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "../config";

const originOf = (url: string) => new URL(url).origin;

/** Strict CSP for the SPA: no inline script; frames and images only from the hosts the product shows. */
export function securityHeaders(config: Config): RequestHandler {
  const csp = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        // Radix and sonner set inline styles; scripts stay strict.
        "style-src": ["'self'", "'unsafe-inline'"],
        // blob: is the preview of a file picked on this page (an event's poster before it is uploaded):
        // only this origin's scripts can make a blob: address, so it lets no other site's image in.
        "img-src": ["'self'", "data:", "blob:", ...config.IMAGE_HOSTS],
        // A work's audio preview: the stored file from this site, or the picked file before it is uploaded.
        "media-src": ["'self'", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "frame-src": [originOf(config.PLAYLIST_EMBED_URL)],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
      },
    },
    // HSTS only where the browser reached us over https (see below).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
  const headers = headersSetBy(csp);
  return (req, res, next) => {
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    for (const [name, value] of headers) res.setHeader(name, value);
    res.removeHeader("X-Powered-By");
    next();
  };
}

/** A middleware that only sets headers, such as helmet's (plain Node request and response). */
type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The headers a header-only middleware sets, read once: helmet's answer does not depend on the request
 * (no nonces here), and replaying a fixed list costs a fraction of its chain of a dozen middlewares on every
 * request.
 */
function headersSetBy(middleware: HeaderMiddleware): [string, string][] {
  // A response that is never sent: it only keeps the headers the middleware sets and removes.
  const req = new IncomingMessage(new Socket());
  const recorder = new ServerResponse(req);
  let calledNext = false;
  middleware(req, recorder, () => {
    calledNext = true;
  });
  if (!calledNext) throw new Error("security headers: the middleware did not finish synchronously");
  return recorder.getHeaderNames().map((name) => [name, String(recorder.getHeader(name))]);
}

const ALLOWED_HEADERS = [
  "apikey",
  "authorization",
  "content-type",
  "prefer",
  "range",
  "x-client-info",
  "x-request-id",
  "x-supabase-api-version",
  "accept-profile",
  "content-profile",
  // storage-js's uploads
  "x-upsert",
  "cache-control",
  "x-metadata",
].join(", ");

/** CORS for the origins in CORS_ORIGINS only; any other origin gets no CORS headers at all. */
export function cors(allowed: string[]): RequestHandler {
  const origins = new Set(allowed.map(originOf));
  return (req, res, next) => {
    const origin = req.headers.origin;
    const isAllowed = typeof origin === "string" && origins.has(origin);
    res.vary("Origin");
    if (isAllowed) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader(
        "Access-Control-Expose-Headers",
        "content-range, range-unit, preference-applied, location, x-request-id, retry-after, x-supabase-api-version, etag, content-disposition",
      );
    }
    if (req.method !== "OPTIONS" || !req.headers["access-control-request-method"]) return next();
    if (!isAllowed) return res.status(403).end();
    res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS");
    res.setHeader("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    res.setHeader("Access-Control-Max-Age", "600");
    res.status(204).end();
  };
}

/** API answers may carry user data or tokens: never cached. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};
