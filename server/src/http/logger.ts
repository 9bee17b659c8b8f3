import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import pino, { type DestinationStream, type Logger } from "pino";

const SECRET_PARAMS = /^(token|token_hash|access_token|refresh_token|code|password|apikey|key|secret)$/i;

/** The URL with the value of every secret-looking query parameter replaced, so no token reaches a log. */
export function redactUrl(url: string): string {
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
        paths: [
          "password",
          "*.password",
          "token",
          "*.token",
          "refresh_token",
          "*.refresh_token",
          "access_token",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * One access-log line per request, written when the response finishes: method, URL with secret query
 * values redacted, status and time. No headers or bodies, so nothing secret is ever written. (pino-http's
 * per-request child loggers cost more than the rest of a cached read.)
 */
export function httpLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    // The caller's sane x-request-id or a new UUID, echoed and kept for error logs.
    res.locals.requestId = id;
    res.setHeader("x-request-id", id);
    const started = performance.now();
    res.once("finish", () => {
      const level = res.statusCode >= 500 ? "error" : "info";
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: {
            id,
            method: req.method,
            url: redactUrl(req.originalUrl),
            remoteAddress: req.socket.remoteAddress,
          },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        "request completed",
      );
    });
    next();
  };
}
