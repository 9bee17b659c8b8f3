import type { Request } from "express";
import type { Logger } from "pino";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { RateLimiter } from "../http/rate-limit";
import type { WorkQueue } from "../work-queue";
import type { Mailer } from "./mail/transport";
import type { Secrets } from "./secrets";

/** What every module's services may need from the platform; built once in app.ts. */
export interface PlatformDeps {
  db: Database;
  config: Config;
  limiter: RateLimiter;
  secrets: Secrets;
  mailer: Mailer;
  logger: Logger;
  /** Runs lookups and mail after the answer, so known and unknown addresses answer alike. */
  work: WorkQueue;
  /** Milliseconds since the epoch; injectable so tests move time instead of sleeping. */
  now: () => number;
}

/** Who is asking, for rate limits and the audit log. */
export interface Requester {
  ip: string;
  userAgent: string | null;
}

export const requesterOf = (req: Request): Requester => ({
  ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
  userAgent: typeof req.headers["user-agent"] === "string" ? req.headers["user-agent"] : null,
});
