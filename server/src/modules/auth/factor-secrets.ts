import type { Logger } from "pino";
import type { Database } from "../../db/database";
import { deriveKey, gcmOpen, gcmSeal } from "../../platform/secrets";
import { listLegacySealedFactors, replaceFactorSecret } from "./factors-repository";

/**
 * TOTP secrets are stored sealed with AES-256-GCM.
 *
 * Current scheme (`v2.iv.tag.body`): a key derived from MFA_ENCRYPTION_KEY, with the factor id as
 * associated data, so a sealed value only opens on its own row.
 *
 * Legacy scheme (`iv.tag.body`, no prefix): a key derived from JWT_SECRET, no associated data. Such rows
 * still open while the JWT_SECRET that sealed them is configured, and are re-sealed under the current
 * scheme at start (`resealLegacyFactorSecrets`). Hence "upgrade first, then rotate": once a start has
 * re-sealed every row, JWT_SECRET can change without breaking anyone's authenticator app.
 */
export interface FactorSecrets {
  seal(factorId: string, plain: string): string;
  open(factorId: string, sealed: string): string;
  isLegacy(sealed: string): boolean;
}

const CURRENT = "v2";

export function createFactorSecrets(keys: { mfaEncryptionKey: string; jwtSecret: string }): FactorSecrets {
  const key = deriveKey(keys.mfaEncryptionKey, "mfa-secret-seal-v2");
  const legacyKey = deriveKey(keys.jwtSecret, "mfa-secret-seal");
  const isLegacy = (sealed: string) => !sealed.startsWith(`${CURRENT}.`);
  return {
    isLegacy,
    seal: (factorId, plain) => `${CURRENT}.${gcmSeal(key, plain, factorId)}`,
    open(factorId, sealed) {
      const parts = sealed.split(".");
      return isLegacy(sealed) ? gcmOpen(legacyKey, parts) : gcmOpen(key, parts.slice(1), factorId);
    },
  };
}

/**
 * Re-seals every legacy row under the current scheme, in one transaction. Run at every start: after the
 * first start of this version it finds nothing, unless an older node wrote rows meanwhile. Rows that do
 * not open (sealed under a JWT_SECRET that is no longer configured) are left as they are and counted.
 */
export async function resealLegacyFactorSecrets(deps: {
  db: Database;
  factorSecrets: FactorSecrets;
  logger: Logger;
}) {
  const { db, factorSecrets } = deps;
  const outcome = await db.withTransaction(async (trx) => {
    let resealed = 0;
    const unreadable: string[] = [];
    for (const row of await listLegacySealedFactors(trx)) {
      let plain: string;
      try {
        plain = factorSecrets.open(row.id, row.secret);
      } catch {
        unreadable.push(row.id);
        continue;
      }
      // Conditional on the old value: a node starting at the same time may have re-sealed the row already.
      if (await replaceFactorSecret(trx, row.id, row.secret, factorSecrets.seal(row.id, plain))) resealed++;
    }
    return { resealed, unreadable };
  });
  if (outcome.resealed > 0) {
    deps.logger.info({ resealed: outcome.resealed }, "re-sealed TOTP secrets under MFA_ENCRYPTION_KEY");
  }
  if (outcome.unreadable.length > 0) {
    deps.logger.error(
      { factor_ids: outcome.unreadable },
      "TOTP secrets sealed under an earlier JWT_SECRET cannot be opened: configure that JWT_SECRET again " +
        "and restart to re-seal them, then rotate JWT_SECRET; until then these factors cannot verify",
    );
  }
  return { resealed: outcome.resealed, unreadable: outcome.unreadable.length };
}
