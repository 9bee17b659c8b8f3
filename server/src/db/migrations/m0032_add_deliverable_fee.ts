import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

/**
 * A deliverable may carry its fee, in integer öre (bigint, as an invoice line's price): the price a line
 * billing it starts at once it is approved. Null while it is not priced.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .alterTable("deliverables")
    .addColumn("fee_ore", t.bigint, (c) => c.check(sql`fee_ore >= 0`))
    .execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("deliverables").dropColumn("fee_ore").execute();
}
