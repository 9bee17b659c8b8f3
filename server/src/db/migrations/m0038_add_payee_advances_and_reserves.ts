import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * A payee's reserve terms (the part of positive earnings held back, and for how many periods), and the
 * advances paid to payees. An advance keeps its payee and its counting period (neither can be deleted
 * from under it); which closed period counted it is the server's to write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .alterTable("royalty_payees")
    .addColumn("reserve_bp", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`reserve_bp between 0 and 10000`),
    )
    .execute();
  await db.schema
    .alterTable("royalty_payees")
    .addColumn("reserve_periods", "integer", (c) =>
      c.notNull().defaultTo(2).check(sql`reserve_periods between 1 and 8`),
    )
    .execute();
  await db.schema
    .createTable("royalty_advances")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("payee_id", t.uuid, (c) => c.notNull().references("royalty_payees.id").onDelete("restrict"))
    .addColumn("paid_on", t.date, (c) => c.notNull())
    .addColumn("amount_ore", t.bigint, (c) => c.notNull().check(sql`amount_ore > 0`))
    .addColumn("note", "text")
    .addColumn("counted_in_period_id", t.uuid, (c) => c.references("royalty_periods.id").onDelete("restrict"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("royalty_advances_payee_id_idx")
    .on("royalty_advances")
    .column("payee_id")
    .execute();
  await db.schema
    .createIndex("royalty_advances_counted_in_period_id_idx")
    .on("royalty_advances")
    .column("counted_in_period_id")
    .execute();
  await t.notifyOnChange("royalty_advances");
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("royalty_advances").execute();
  await db.schema.alterTable("royalty_payees").dropColumn("reserve_periods").execute();
  await db.schema.alterTable("royalty_payees").dropColumn("reserve_bp").execute();
}
