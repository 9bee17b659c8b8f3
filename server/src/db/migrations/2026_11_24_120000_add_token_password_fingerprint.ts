import type { Kysely } from "kysely";

/**
 * A sign-up's confirmation token remembers which password that sign-up set (a hash of its stored hash),
 * so confirming keeps only that password.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("one_time_tokens").addColumn("password_fingerprint", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("one_time_tokens").dropColumn("password_fingerprint").execute();
}
