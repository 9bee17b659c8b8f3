import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("events")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("event_date", t.timestamp)
    .addColumn("status", "text", (c) => c.notNull().defaultTo("upcoming"))
    .addColumn("location", "text")
    .addColumn("event_type", "text")
    .addColumn("max_attendees", "integer", (c) => c.check(sql`max_attendees >= 0`))
    .addColumn("image_url", "text")
    .addColumn("external_link", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await t.notifyOnChange("events");
  await db.schema.createIndex("events_event_date_idx").on("events").column("event_date").execute();

  await db.schema
    .createTable("crm_contacts")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("stage_name", "text")
    .addColumn("roles", t.textArray, (c) => t.listColumn(c, "roles"))
    .addColumn("genres", t.textArray, (c) => t.listColumn(c, "genres"))
    .addColumn("languages", t.textArray, (c) => t.listColumn(c, "languages"))
    .addColumn("location", "text")
    .addColumn("email", "text")
    .addColumn("reliability_score", t.real, (c) =>
      c.check(sql`reliability_score IS NULL OR (reliability_score BETWEEN 0 AND 10)`),
    )
    .addColumn("strengths", t.json, (c) => t.objectColumn(c, "strengths"))
    .addColumn("notes", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("crm_contacts_name_idx")
    .on("crm_contacts")
    .columns(["last_name", "first_name"])
    .execute();
  await t.notifyOnChange("crm_contacts");
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("crm_contacts").execute();
  await db.schema.dropTable("events").execute();
}
