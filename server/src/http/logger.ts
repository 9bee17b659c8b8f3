import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Logger } from "pino";

const SECRET_PARAMS =
  /^(token|token_hash|access_token|refresh_token|code|auth_code|code_verifier|password|apikey|key|secret)$/i;

/** The URL with the value of every secret-looking query parameter replaced, so no token reaches a log. */
function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.test(key)) params.set(key, "[redacted]");
  return `${url.slice(0, q)}?${params.toString()}`;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        // Whatever a caller logs under these names, at the top or one level down, never reaches a log.
        paths: [
          "password",
          "token",
          "token_hash",
          "refresh_token",
          "access_token",
          "nonce",
          "code",
          "auth_code",
          "code_verifier",
          "mail.link",
        ].flatMap((path) => [path, `*.${path}`]),
        censor: "[redacted]",
      },
    },
    destination,
  );
}

const accessLoggers = new WeakMap<Logger, Logger>();

/**
 * The logger's access-log twin, without the redaction pass: an access line holds only the method, the
 * URL (its secrets already replaced), the address, the status and the time, and walking the redacted
 * paths for every request tripled the cost of each line.
 */
function accessLoggerOf(logger: Logger): Logger {
  let access = accessLoggers.get(logger);
  if (!access) {
    access = logger.child({}, { redact: { paths: [] } });
    accessLoggers.set(logger, access);
  }
  return access;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The caller's sane x-request-id, or a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * One access-log line per request, written when the response finishes: method, URL with secret query
 * values redacted, status and time. No headers or bodies, so nothing secret is ever written.
 */
export function logWhenFinished(logger: Logger, req: IncomingMessage, res: ServerResponse, id: string) {
  const started = performance.now();
  const url = req.url ?? "";
  res.once("finish", () => {
    const level = res.statusCode >= 500 ? "error" : "info";
    if (!logger.isLevelEnabled(level)) return;
    accessLoggerOf(logger)[level](
      {
        req: { id, method: req.method, url: redactUrl(url), remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      },
      "request completed",
    );
  });
}

/** Request id (echoed, kept for error logs) and the access log, without pino-http's per-request child loggers. */
export function httpLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestIdOf(req);
    res.locals.requestId = id;
    res.setHeader("x-request-id", id);
    logWhenFinished(logger, req, res, id);
    next();
  };
}
