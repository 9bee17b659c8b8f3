import type { RequestHandler } from "express";
import { AppError } from "./app-error";

/**
 * Refuses a request body that is not JSON. The JSON parser skips other types and leaves an empty object,
 * so a form or XML post to a route whose body has nothing required would otherwise be acted on.
 */
export const jsonBodiesOnly: RequestHandler = (req, _res, next) => {
  const hasBody =
    (req.headers["content-length"] ?? "0") !== "0" || req.headers["transfer-encoding"] !== undefined;
  if (hasBody && !req.is(["application/json", "application/*+json"])) {
    return next(new AppError("unsupported_media_type", "Content-Type must be application/json"));
  }
  next();
};
