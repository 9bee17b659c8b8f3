import type { RequestHandler } from "express";
import { AppError } from "./app-error";

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

/**
 * JSON bodies are UTF-8 (RFC 8259). The JSON parser would decode any `utf-*` charset it is told, UTF-7
 * included, whose `+…-` runs let text through that no UTF-8 check saw: anything else is refused (415)
 * before a byte is read.
 */
export const utf8JsonOnly: RequestHandler = (req, _res, next) => {
  const type = req.headers["content-type"] ?? "";
  const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
  if (JSON_TYPE.test(type) && charset !== undefined && charset !== "utf-8" && charset !== "utf8")
    return next(new AppError("unsupported_media_type", "Unsupported request encoding"));
  next();
};
