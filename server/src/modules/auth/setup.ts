import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import type { RateLimiter } from "../../http/rate-limit";
import { createMailer } from "../../platform/mail/transport";
import { createSecrets } from "../../platform/secrets";
import type { WorkQueue } from "../../work-queue";
import type { AuthDeps } from "./deps";
import { createFactorSecrets, resealLegacyFactorSecrets } from "./factor-secrets";
import type { TokenSigner } from "./jwt";
import { bcryptSlots, createLimiter, createPasswordHasher } from "./passwords";
import { createSessionCheck } from "./sessions";

/**
 * Wires the auth service once per app, with the app's rate limiter (one table and one clock for every
 * module). TOTP secrets still sealed under the JWT_SECRET-derived key are re-sealed here, so every start
 * completes the move.
 */
export async function createAuthDeps(args: {
  config: Config;
  db: Database;
  logger: Logger;
  tokens: TokenSigner;
  limiter: RateLimiter;
  work: WorkQueue;
  now?: () => number;
}): Promise<AuthDeps & { sessionAal: ReturnType<typeof createSessionCheck> }> {
  const now = args.now ?? Date.now;
  const deps: AuthDeps = {
    db: args.db,
    config: args.config,
    tokens: args.tokens,
    logger: args.logger,
    work: args.work,
    now,
    limiter: args.limiter,
    passwords: createPasswordHasher(
      args.config.BCRYPT_COST,
      createLimiter(bcryptSlots, args.config.PASSWORD_QUEUE_LIMIT),
    ),
    secrets: createSecrets(args.config.JWT_SECRET),
    factorSecrets: createFactorSecrets({
      mfaEncryptionKey: args.config.MFA_ENCRYPTION_KEY,
      jwtSecret: args.config.JWT_SECRET,
    }),
    mailer: createMailer({ db: args.db, config: args.config, logger: args.logger, now }),
  };
  await resealLegacyFactorSecrets(deps);
  return { ...deps, sessionAal: createSessionCheck(deps) };
}
