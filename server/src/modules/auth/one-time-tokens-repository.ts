import type { Db } from "../../db/database";
import type { OneTimeTokenRow, OneTimeTokenType } from "../../db/schema";

/** The statements of one-time tokens (the links and codes mails carry). */

/** One live token per user and type: issuing a new one replaces the old. Hold the user's lock. */
export async function replaceOneTimeToken(db: Db, token: Omit<OneTimeTokenRow, "used_at">) {
  await db
    .deleteFrom("one_time_tokens")
    .where("user_id", "=", token.user_id)
    .where("token_type", "=", token.token_type)
    .execute();
  await db
    .insertInto("one_time_tokens")
    .values({ ...token, used_at: null })
    .execute();
}

export async function findOneTimeTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<OneTimeTokenRow | undefined> {
  return db.selectFrom("one_time_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export async function findUserOneTimeToken(
  db: Db,
  userId: string,
  type: OneTimeTokenType,
): Promise<OneTimeTokenRow | undefined> {
  return db
    .selectFrom("one_time_tokens")
    .selectAll()
    .where("user_id", "=", userId)
    .where("token_type", "=", type)
    .executeTakeFirst();
}

export async function findOneTimeTokenByCode(
  db: Db,
  args: { codeHash: string; types: OneTimeTokenType[] },
): Promise<OneTimeTokenRow | undefined> {
  return db
    .selectFrom("one_time_tokens")
    .selectAll()
    .where("code_hash", "=", args.codeHash)
    .where("token_type", "in", args.types)
    .executeTakeFirst();
}

/**
 * Marks a token used; false when another request already used it. The condition is checked by the
 * UPDATE itself (on PostgreSQL after waiting for a concurrent one), so a token is used once on either
 * engine.
 */
export async function consumeOneTimeToken(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("one_time_tokens")
    .set({ used_at: at })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteOneTimeTokens(db: Db, userId: string, type: OneTimeTokenType) {
  await db
    .deleteFrom("one_time_tokens")
    .where("user_id", "=", userId)
    .where("token_type", "=", type)
    .execute();
}
