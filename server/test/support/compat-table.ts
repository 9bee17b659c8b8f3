import { column, defineTable } from "@app/contracts";
import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../src/db/migrations/dialect";

/**
 * A table registered only in tests, with a column of every type the data API knows, a unique key, a check
 * and a foreign key: what the supabase-js compatibility suite drives every filter and write through.
 */
export const compatItemsTable = defineTable({
  area: "site",
  name: "compat_items",
  description: "a table for the compatibility tests",
  columns: {
    id: column.uuid().withDefault(),
    name: column.text(200),
    category: column.text(50).orNull(),
    score: column.integer(),
    rating: column.number().orNull(),
    active: column.boolean().withDefault(),
    released_at: column.timestamp().orNull(),
    tags: column.textList().withDefault(),
    parent_id: column.uuid().orNull(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "name.asc",
  maxRows: 100,
  policy: {
    select: ["anon", "authenticated", "staff", "admin"],
    insert: ["staff", "admin"],
    update: ["staff", "admin"],
    delete: ["staff", "admin"],
  },
});

// biome-ignore lint/suspicious/noExplicitAny: a table declared only in tests is not in the app's table types
export async function createCompatTable(db: Kysely<any>) {
  const t = dialectOf(db);
  await db.schema
    .createTable("compat_items")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("category", "text")
    .addColumn("score", "integer", (c) => c.notNull().check(sql`score >= 0`))
    .addColumn("rating", t.real)
    .addColumn("active", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("released_at", t.timestamp)
    .addColumn("tags", t.textArray, (c) => t.listColumn(c, "tags"))
    .addColumn("parent_id", t.uuid, (c) => c.references("compat_items.id"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await t.notifyOnChange("compat_items");
}
