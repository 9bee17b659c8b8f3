import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/** Each talent's works: what the portfolio builder shows and edits, with their recording and work codes. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("portfolio_items")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("talent_id", t.uuid, (c) => c.notNull().references("crm_contacts.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull().check(sql`year between 1900 and 2100`))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("Released"))
    .addColumn("isrc", "text")
    .addColumn("upc", "text")
    .addColumn("iswc", "text")
    .addColumn("featured", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("tags", t.textArray, (c) => t.listColumn(c, "tags"))
    .addColumn("external_links", t.json, (c) =>
      t.isPostgres
        ? c.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(external_links) = 'array'`)
        : c.notNull().defaultTo("[]").check(sql`json_type(external_links) = 'array'`),
    )
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("portfolio_items_talent_idx")
    .on("portfolio_items")
    .columns(["talent_id", "year"])
    .execute();
  await t.notifyOnChange("portfolio_items");
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("portfolio_items").execute();
}
