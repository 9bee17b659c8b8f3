import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * A work's money follows its fully signed split sheet: each link names the sheet and the day from which it
 * is in force, so a new sheet supersedes the old one from that day and never reaches back. One sheet per
 * work and day; a signed sheet is never deleted while a work points at it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("work_split_sheets")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("work_id", t.uuid, (c) => c.notNull().references("works.id").onDelete("cascade"))
    .addColumn("legal_document_id", t.uuid, (c) =>
      c.notNull().references("legal_documents.id").onDelete("restrict"),
    )
    .addColumn("effective_from", t.date, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("work_split_sheets_work_day_key", ["work_id", "effective_from"])
    .execute();
  await db.schema
    .createIndex("work_split_sheets_document_idx")
    .on("work_split_sheets")
    .column("legal_document_id")
    .execute();
  await t.notifyOnChange("work_split_sheets");
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("work_split_sheets").execute();
}
