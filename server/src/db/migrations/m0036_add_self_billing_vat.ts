import type { Kysely } from "kysely";
import { dialectOf } from "./dialect";

/**
 * A payee the business pays VAT to (a VAT-registered writer: 6 % on copyright royalties) is paid on a
 * self-billing invoice, which must name the seller's VAT number and the VAT: the payee keeps their VAT
 * number, and a statement keeps, as issued, the seller's name and VAT number and the VAT on what it pays.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema.alterTable("royalty_payees").addColumn("vat_number", "text").execute();
  await db.schema.alterTable("royalty_statements").addColumn("seller_name", "text").execute();
  await db.schema.alterTable("royalty_statements").addColumn("seller_vat_number", "text").execute();
  await db.schema
    .alterTable("royalty_statements")
    .addColumn("vat_ore", t.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("royalty_statements").dropColumn("vat_ore").execute();
  await db.schema.alterTable("royalty_statements").dropColumn("seller_vat_number").execute();
  await db.schema.alterTable("royalty_statements").dropColumn("seller_name").execute();
  await db.schema.alterTable("royalty_payees").dropColumn("vat_number").execute();
}
