import type { Logger } from "pino";
import type { Database } from "../../db/database";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limit";
import type { Mailer } from "../../platform/mail/transport";
import type { DocumentFiles } from "./document-files";

export interface LegalDeps {
  db: Database;
  files: DocumentFiles;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Signing-page requests per address and window (the public routes). */
  signRule: RateLimitRule;
  /** How long a mailed signing link works (SIGNING_LINK_EXPIRY). */
  linkTtlSeconds: number;
  /** Base of the mailed signing links. */
  siteUrl: string;
  logger: Logger;
  now: () => number;
}

/** Who is calling and from where, for the audit trail. */
export interface CallerInfo {
  actorId: string | null;
  /** "service_role" when the service key, not a person, is calling. */
  actorRole: "service_role" | null;
  ip: string | null;
  userAgent: string | null;
}
