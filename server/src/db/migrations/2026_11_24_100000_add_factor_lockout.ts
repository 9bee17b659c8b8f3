import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/** Per-factor lock-out of TOTP verification, kept in the database so every node sees the same count. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .alterTable("mfa_factors")
    .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("mfa_factors").addColumn("locked_until", t.timestamp).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mfa_factors").dropColumn("locked_until").execute();
  await db.schema.alterTable("mfa_factors").dropColumn("failed_attempts").execute();
}
