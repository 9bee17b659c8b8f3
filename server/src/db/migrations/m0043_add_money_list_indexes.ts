import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * Indexes that keep the money lists as cheap at a million rows as at a thousand: the invoice list newest
 * first (its order, `created_at desc` then the key, as one index walk; a status filter walks it until a
 * page is found), and the queue of unmatched royalty lines in import and row order, partial on the lines
 * no work or recording was found for, so neither the page nor its count reads the matched ones. On
 * PostgreSQL a trigram index serves the buyer search (`ilike '%word%'`), as the talents' names have one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index invoices_newest_idx on invoices (created_at desc, id)`.execute(db);
  await sql`create index royalty_lines_unmatched_idx on royalty_lines (import_id, row_number, id)
    where work_id is null and recording_id is null`.execute(db);
  // pg_trgm is in place since the CRM's list indexes.
  if (dialectOf(db).isPostgres)
    await sql`create index invoices_buyer_name_trgm_idx on invoices using gin (buyer_name gin_trgm_ops)`.execute(
      db,
    );
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db).isPostgres) await db.schema.dropIndex("invoices_buyer_name_trgm_idx").execute();
  await db.schema.dropIndex("royalty_lines_unmatched_idx").execute();
  await db.schema.dropIndex("invoices_newest_idx").execute();
}
