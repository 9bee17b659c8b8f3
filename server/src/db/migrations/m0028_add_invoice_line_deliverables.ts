import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * An invoice line may bill a deliverable, as it may a milestone: an invoice made from a project then
 * knows which approved deliverables are already billed. A deliverable is not deleted while billed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .alterTable("invoice_lines")
    .addColumn("deliverable_id", t.uuid, (c) => c.references("deliverables.id").onDelete("restrict"))
    .execute();
  await db.schema
    .createIndex("invoice_lines_deliverable_id_idx")
    .on("invoice_lines")
    .column("deliverable_id")
    .execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("invoice_lines_deliverable_id_idx").execute();
  await db.schema.alterTable("invoice_lines").dropColumn("deliverable_id").execute();
}
