import { fixedQuery } from "../../db/compiled-query";
import type { Db } from "../../db/database";
import type { MfaChallengeRow, MfaFactorRow } from "../../db/schema";

/** The statements of MFA factors and their challenges. */

const factorsOf = fixedQuery((k, userId: string) =>
  k.selectFrom("mfa_factors").selectAll().where("user_id", "=", userId).orderBy("created_at"),
);
export async function listFactors(db: Db, userId: string): Promise<MfaFactorRow[]> {
  return factorsOf.all(db, userId);
}

/** Every user's factors at once, for the team list. */
export async function listAllFactors(db: Db): Promise<MfaFactorRow[]> {
  return db.selectFrom("mfa_factors").selectAll().orderBy("created_at").execute();
}

export async function findFactor(db: Db, id: string, userId: string): Promise<MfaFactorRow | undefined> {
  return db
    .selectFrom("mfa_factors")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function insertFactor(
  db: Db,
  factor: Omit<MfaFactorRow, "last_verified_step" | "failed_attempts" | "locked_until">,
) {
  await db
    .insertInto("mfa_factors")
    .values({ ...factor, last_verified_step: null, failed_attempts: 0, locked_until: null })
    .execute();
}

export async function listLegacySealedFactors(db: Db): Promise<Pick<MfaFactorRow, "id" | "secret">[]> {
  return db.selectFrom("mfa_factors").select(["id", "secret"]).where("secret", "not like", "v2.%").execute();
}

/** Swaps a factor's sealed secret, unless another process already changed it. */
export async function replaceFactorSecret(db: Db, id: string, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable("mfa_factors")
    .set({ secret: to })
    .where("id", "=", id)
    .where("secret", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Counts one verification attempt, atomically and only while the factor is not locked. Returns the
 * attempts since the last accepted code, or undefined when the factor is locked. One UPDATE: on
 * PostgreSQL a concurrent attempt waits for this one and then checks the lock it may have set.
 */
export async function countFactorAttempt(db: Db, id: string, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable("mfa_factors")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("id", "=", id)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
    .returning("failed_attempts")
    .executeTakeFirst();
  return row?.failed_attempts;
}

export async function lockFactor(db: Db, id: string, until: string) {
  await db.updateTable("mfa_factors").set({ locked_until: until }).where("id", "=", id).execute();
}

/** Accepts a code: newer than the last one accepted, or nothing changes (false). Clears the lock-out. */
export async function markFactorVerified(db: Db, id: string, step: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("mfa_factors")
    .set({
      status: "verified",
      last_verified_step: step,
      failed_attempts: 0,
      locked_until: null,
      updated_at: at,
    })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_verified_step", "is", null), eb("last_verified_step", "<", step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteFactor(db: Db, id: string) {
  await db.deleteFrom("mfa_factors").where("id", "=", id).execute();
}

/** Drops a factor's challenges that can no longer be verified: used, or created before `openSince`. */
export async function deleteSpentChallenges(db: Db, factorId: string, openSince: string) {
  await db
    .deleteFrom("mfa_challenges")
    .where("factor_id", "=", factorId)
    .where((eb) => eb.or([eb("verified_at", "is not", null), eb("created_at", "<=", openSince)]))
    .execute();
}

export async function insertChallenge(db: Db, challenge: Omit<MfaChallengeRow, "verified_at">) {
  await db
    .insertInto("mfa_challenges")
    .values({ ...challenge, verified_at: null })
    .execute();
}

export async function findChallenge(
  db: Db,
  id: string,
  factorId: string,
): Promise<MfaChallengeRow | undefined> {
  return db
    .selectFrom("mfa_challenges")
    .selectAll()
    .where("id", "=", id)
    .where("factor_id", "=", factorId)
    .executeTakeFirst();
}

export async function consumeChallenge(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("mfa_challenges")
    .set({ verified_at: at })
    .where("id", "=", id)
    .where("verified_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
