import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/** The buckets the product itself keeps files in: their rules are fixed and they are never emptied or deleted. */
const BUILT_IN = ["documents", "deliverables", "event-posters", "portfolio-media"];

/**
 * Buckets administrators create through the API next to the built-in ones, which are marked so; and the
 * signed upload URLs already used, so each uploads once (a row lives until its token would expire anyway).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .alterTable("storage_buckets")
    .addColumn("built_in", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db
    .updateTable("storage_buckets")
    .set({ built_in: t.isPostgres ? true : 1 })
    .where("id", "in", BUILT_IN)
    .execute();
  await db.schema
    .createTable("storage_used_upload_tokens")
    .addColumn("token_id", "text", (c) => c.primaryKey())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("storage_used_upload_tokens_expires_idx")
    .on("storage_used_upload_tokens")
    .column("expires_at")
    .execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("storage_used_upload_tokens").execute();
  await db.schema.alterTable("storage_buckets").dropColumn("built_in").execute();
}
