import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import type { Logger } from "pino";
import { apiFamilyOf, renderError } from "./api-family";
import { AppError } from "./app-error";

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
}

/** Maps errors raised below our code (body parser, ts-rest validation) to AppErrors. */
function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const e = err as HttpishError & { name?: string };
  switch (e?.type) {
    case "entity.too.large":
      return new AppError("payload_too_large", "Request body is too large");
    case "entity.parse.failed":
      return new AppError("bad_json", "Request body is not valid JSON");
    case "encoding.unsupported":
    case "charset.unsupported":
      return new AppError("unsupported_media_type", "Unsupported request encoding");
    case "request.aborted":
      return new AppError("invalid_request", "Request aborted");
  }
  const status = e?.status ?? e?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return status === 404
      ? new AppError("not_found", "Not found")
      : new AppError("invalid_request", "Bad request", { status });
  }
  return undefined;
}

function respond(req: Request, res: Parameters<ErrorRequestHandler>[2], err: AppError) {
  const family = apiFamilyOf(req.path) ?? "api";
  for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  const version = req.headers["x-supabase-api-version"];
  const { status, body } = renderError(family, err, {
    authApiVersion: typeof version === "string" ? version : undefined,
  });
  res.status(status).json(body);
}

/** The one place errors become responses: the family's shape, never a stack trace. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const appError = toAppError(err);
    if (res.headersSent) {
      logger.error({ err, reqId: res.locals.requestId }, "error after response started");
      res.destroy();
      return;
    }
    if (appError) return respond(req, res, appError);
    logger.error({ err, reqId: res.locals.requestId }, "unhandled error");
    respond(req, res, new AppError("internal_error", "Internal server error"));
  };
}

/** Unknown paths under an API prefix answer JSON 404 in the family's shape, never the SPA. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError("not_found", `No route for ${req.method} ${req.path}`));
};
