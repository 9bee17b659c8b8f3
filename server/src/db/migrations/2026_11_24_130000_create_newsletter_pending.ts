import type { Kysely } from "kysely";

/**
 * Newsletter requests waiting for the address to confirm them through the mailed link; only then does
 * newsletter_subscriptions change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("newsletter_pending")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("interest_releases", "integer", (c) => c.notNull())
    .addColumn("interest_events", "integer", (c) => c.notNull())
    .addColumn("interest_behind_the_scenes", "integer", (c) => c.notNull())
    .addColumn("interest_platform", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("newsletter_pending_expires_at_idx")
    .on("newsletter_pending")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("newsletter_pending").execute();
}
