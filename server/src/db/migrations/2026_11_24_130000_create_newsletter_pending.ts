import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * Newsletter requests waiting for the address to confirm them through the mailed link; only then does
 * newsletter_subscriptions change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("newsletter_pending")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("interest_releases", t.boolean, (c) => c.notNull())
    .addColumn("interest_events", t.boolean, (c) => c.notNull())
    .addColumn("interest_behind_the_scenes", t.boolean, (c) => c.notNull())
    .addColumn("interest_platform", t.boolean, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await t.notifyOnChange("newsletter_pending");
  await db.schema
    .createIndex("newsletter_pending_expires_at_idx")
    .on("newsletter_pending")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("newsletter_pending").execute();
}
