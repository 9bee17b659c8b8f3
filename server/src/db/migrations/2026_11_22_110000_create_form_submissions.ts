import { type Kysely, sql } from "kysely";

const timestamp = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("applications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("portfolio", "text")
    .addColumn("experience", "text", (c) => c.notNull())
    .addColumn("vision", "text", (c) => c.notNull())
    .addColumn("ip_hash", "text")
    .addColumn("handled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(timestamp))
    .execute();
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("ip_hash", "text")
    .addColumn("handled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(timestamp))
    .execute();
  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("interest_releases", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("interest_events", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("interest_behind_the_scenes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("interest_platform", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("handled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(timestamp))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(timestamp))
    .execute();
  for (const table of ["applications", "contact_messages", "newsletter_subscriptions"]) {
    await db.schema.createIndex(`${table}_created_at_idx`).on(table).column("created_at").execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("newsletter_subscriptions").execute();
  await db.schema.dropTable("contact_messages").execute();
  await db.schema.dropTable("applications").execute();
}
