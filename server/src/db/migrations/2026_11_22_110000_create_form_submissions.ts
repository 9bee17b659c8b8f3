import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("applications")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("portfolio", "text")
    .addColumn("experience", "text", (c) => c.notNull())
    .addColumn("vision", "text", (c) => c.notNull())
    .addColumn("ip_hash", "text")
    .addColumn("handled_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("ip_hash", "text")
    .addColumn("handled_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("interest_releases", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("interest_events", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("interest_behind_the_scenes", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("interest_platform", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("handled_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  for (const table of ["applications", "contact_messages", "newsletter_subscriptions"]) {
    await db.schema.createIndex(`${table}_created_at_idx`).on(table).column("created_at").execute();
    await t.notifyOnChange(table);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("newsletter_subscriptions").execute();
  await db.schema.dropTable("contact_messages").execute();
  await db.schema.dropTable("applications").execute();
}
