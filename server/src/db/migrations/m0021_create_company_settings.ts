import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

const required = (c: ColumnDefinitionBuilder) => c.notNull();

/**
 * The business's own details, which every invoice prints as its seller: one row. `singleton` holds it to
 * one: the same value in every row, a check that it is that value, and a unique constraint, so a second
 * row is a unique violation on both engines. The data API never names the column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("company_settings")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("singleton", "integer", (c) => c.notNull().defaultTo(1).unique().check(sql`singleton = 1`))
    .addColumn("name", "text", required)
    .addColumn("street_address", "text", required)
    .addColumn("postal_code", "text", required)
    .addColumn("city", "text", required)
    .addColumn("country", "text", (c) => c.notNull().defaultTo("SE"))
    .addColumn("org_number", "text", required)
    .addColumn("vat_number", "text", required)
    .addColumn("bankgiro", "text", required)
    .addColumn("plusgiro", "text")
    .addColumn("f_skatt", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("email", "text", required)
    .addColumn("phone", "text", required)
    .addColumn("website", "text", required)
    .addColumn("default_payment_terms_days", "integer", (c) =>
      c.notNull().defaultTo(30).check(sql`default_payment_terms_days between 0 and 365`),
    )
    .addColumn("late_interest_text", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await t.notifyOnChange("company_settings");
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("company_settings").execute();
}
