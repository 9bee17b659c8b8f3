import type { Kysely } from "kysely";

/**
 * Where the SIE export posts each part of an invoice or payment: a BAS account number per column, the BAS
 * chart's own choice as the default, so the accountant changes only what their chart does differently.
 * One column at a time, as SQLite adds them.
 */
const ACCOUNTS: Record<string, string> = {
  sie_account_sales_25: "3041",
  sie_account_sales_12: "3042",
  sie_account_sales_6: "3043",
  sie_account_sales_exempt: "3044",
  sie_account_sales_reverse_charge: "3308",
  sie_account_output_vat_25: "2611",
  sie_account_output_vat_12: "2621",
  sie_account_output_vat_6: "2631",
  sie_account_receivables: "1510",
  sie_account_bank: "1930",
  sie_account_rounding: "3740",
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, account] of Object.entries(ACCOUNTS))
    await db.schema
      .alterTable("company_settings")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(account))
      .execute();
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of Object.keys(ACCOUNTS).reverse())
    await db.schema.alterTable("company_settings").dropColumn(column).execute();
}
