import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/** The CWR tables the back office now reads through the data API. */
const READ = ["cwr_exports", "cwr_ack_imports", "work_acknowledgements"] as const;

/**
 * The back office lists the CWR files made, the acknowledgement files received and each work's
 * acknowledgements through the data API, so these tables log their rows like every other table it
 * reads. A file's number of works is kept on the file itself: a file never changes once made, so the
 * count is written once, and the list needs no read of every file's works. Files made before are
 * counted from the works they registered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .alterTable("cwr_exports")
    .addColumn("work_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update cwr_exports set work_count =
    (select count(*) from cwr_export_works where cwr_export_works.export_id = cwr_exports.id)`.execute(db);
  for (const table of READ) {
    await t.logRowChanges(table);
    await t.notifyOnChange(table);
  }
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  for (const table of READ) {
    await t.stopLoggingRowChanges(table);
    if (t.isPostgres)
      await sql`drop trigger if exists ${sql.raw(`${table}_notify_change`)} on ${sql.table(table)}`.execute(
        db,
      );
  }
  await db.schema.alterTable("cwr_exports").dropColumn("work_count").execute();
}
