import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * Each time a payee's statement was mailed to them, and by whom: a statement is immutable once its period
 * closes, so its mailings are rows of their own. A statement's mailings are read newest first, by its id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("royalty_statement_mailings")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("statement_id", t.uuid, (c) =>
      c.notNull().references("royalty_statements.id").onDelete("restrict"),
    )
    .addColumn("sent_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("sent_by", t.uuid)
    .execute();
  await db.schema
    .createIndex("royalty_statement_mailings_statement_idx")
    .on("royalty_statement_mailings")
    .columns(["statement_id", "sent_at"])
    .execute();
  await t.notifyOnChange("royalty_statement_mailings");
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("royalty_statement_mailings").execute();
}
