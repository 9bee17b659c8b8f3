import type { Logger } from "pino";
import type { Database } from "../../db/database";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limit";
import type { Mailer } from "../../platform/mail/transport";
import type { StorageService } from "../storage/service";

export interface DeliverableDeps {
  db: Database;
  storage: StorageService;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Approval mails per recipient address and window. */
  mailRule: RateLimitRule;
  /** Approval-page requests per visitor address and window (the public routes). */
  pageRule: RateLimitRule;
  /**
   * File requests with a link that opens nothing, per visitor address and window. Only misses count: a
   * media player asks again for every seek, and the client holding a real link must not run out.
   */
  fileGuessRule: RateLimitRule;
  /** How long a mailed approval link works (APPROVAL_LINK_EXPIRY). */
  linkTtlSeconds: number;
  /** Base of the mailed approval links. */
  siteUrl: string;
  logger: Logger;
  now: () => number;
}
