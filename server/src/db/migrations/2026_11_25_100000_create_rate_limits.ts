import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * Rate-limit counters and per-account failure budgets, in the database so every node of a deployment
 * counts against the same budget and a restart forgets nothing. `reset_at` is milliseconds since the epoch.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_reset_at_idx").on("rate_limits").column("reset_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
