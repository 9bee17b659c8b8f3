import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * A person's calendar feed: the sessions they are booked into, read by a calendar app through a secret
 * link. Only the link's SHA-256 is kept, one live link per person; turning the feed off or making a new
 * link deletes or replaces the row, and erasing the person removes it with them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("studio_calendar_feeds")
    .addColumn("contact_id", t.uuid, (c) => c.primaryKey().references("crm_contacts.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by", t.uuid)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("studio_calendar_feeds").execute();
}
