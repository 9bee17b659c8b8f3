import { type Kysely, sql } from "kysely";

const timestamp = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("event_date", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("upcoming"))
    .addColumn("location", "text")
    .addColumn("event_type", "text")
    .addColumn("max_attendees", "integer", (c) => c.check(sql`max_attendees >= 0`))
    .addColumn("image_url", "text")
    .addColumn("external_link", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(timestamp))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(timestamp))
    .execute();
  await db.schema.createIndex("events_event_date_idx").on("events").column("event_date").execute();

  await db.schema
    .createTable("crm_contacts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("stage_name", "text")
    .addColumn("roles", "text", (c) => c.notNull().defaultTo("[]").check(sql`json_type(roles) = 'array'`))
    .addColumn("genres", "text", (c) => c.notNull().defaultTo("[]").check(sql`json_type(genres) = 'array'`))
    .addColumn("languages", "text", (c) =>
      c.notNull().defaultTo("[]").check(sql`json_type(languages) = 'array'`),
    )
    .addColumn("location", "text")
    .addColumn("email", "text")
    .addColumn("reliability_score", "real", (c) =>
      c.check(sql`reliability_score IS NULL OR (reliability_score BETWEEN 0 AND 10)`),
    )
    .addColumn("strengths", "text", (c) =>
      c.notNull().defaultTo("{}").check(sql`json_type(strengths) = 'object'`),
    )
    .addColumn("notes", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(timestamp))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(timestamp))
    .execute();
  await db.schema
    .createIndex("crm_contacts_name_idx")
    .on("crm_contacts")
    .columns(["last_name", "first_name"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("crm_contacts").execute();
  await db.schema.dropTable("events").execute();
}
