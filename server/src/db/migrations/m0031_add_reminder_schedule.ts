import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * Reminders of overdue invoices sent by the server on its own. The company opts in with the number of
 * days after the due date (and between two reminders) it waits; null keeps the schedule off. Each invoice
 * counts the reminders it has had and when the last went out, so a run (on any node) claims an invoice by
 * moving those two columns in the claiming transaction, and never reminds it twice in one interval.
 * One column at a time, as SQLite adds them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .alterTable("company_settings")
    .addColumn("reminder_days_after_due", "integer", (c) =>
      c.check(sql`reminder_days_after_due between 1 and 90`),
    )
    .execute();
  await db.schema
    .alterTable("company_settings")
    .addColumn("reminder_include_compensation", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .execute();
  await db.schema
    .alterTable("invoices")
    .addColumn("reminder_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("invoices").addColumn("last_reminded_at", t.timestamp).execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("invoices").dropColumn("last_reminded_at").execute();
  await db.schema.alterTable("invoices").dropColumn("reminder_count").execute();
  await db.schema.alterTable("company_settings").dropColumn("reminder_include_compensation").execute();
  await db.schema.alterTable("company_settings").dropColumn("reminder_days_after_due").execute();
}
