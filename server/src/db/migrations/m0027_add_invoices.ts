import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect";

const required = (c: ColumnDefinitionBuilder) => c.notNull();
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

/**
 * Invoices, their lines and the payments received on them. Money is integer öre (bigint: an invoice's
 * sums may pass the 32-bit range) and a quantity integer thousandths. A number is unique within its series and an OCR reference unique overall, so even a
 * write that skipped the issuing lock could not hand out one twice; a draft has neither. An invoice is
 * never deleted once issued (the server refuses it), and a line or payment cannot outlive its invoice.
 * An invoice may bill a project, and a line one of its milestones: neither is deleted while billed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = dialectOf(db);
  await db.schema
    .createTable("invoices")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("series", "text", (c) => c.notNull().defaultTo("A"))
    .addColumn("number", "integer")
    .addColumn("ocr", "text", (c) => c.unique())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'issued', 'partially_paid', 'paid', 'credited')`),
    )
    .addColumn("kind", "text", (c) =>
      c.notNull().defaultTo("invoice").check(sql`kind in ('invoice', 'credit')`),
    )
    .addColumn("credits_invoice_id", t.uuid, (c) => c.references("invoices.id").onDelete("restrict"))
    .addColumn("project_id", t.uuid, (c) => c.references("projects.id").onDelete("restrict"))
    .addColumn("buyer_name", "text", required)
    .addColumn("buyer_street_address", "text")
    .addColumn("buyer_postal_code", "text")
    .addColumn("buyer_city", "text")
    .addColumn("buyer_country", "text", (c) => c.notNull().defaultTo("SE"))
    .addColumn("buyer_vat_number", "text")
    .addColumn("buyer_email", "text")
    .addColumn("buyer_is_business", t.boolean, (c) =>
      c.notNull().defaultTo(t.isPostgres ? sql`true` : sql`1`),
    )
    .addColumn("reverse_charge", t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn("round_to_kronor", t.boolean, (c) => c.notNull().defaultTo(t.isPostgres ? sql`true` : sql`1`))
    .addColumn("issue_date", t.date)
    .addColumn("delivery_date", t.date)
    .addColumn("due_date", t.date)
    .addColumn("your_reference", "text")
    .addColumn("notes", "text")
    .addColumn("net_ore", t.bigint, zero)
    .addColumn("vat_ore", t.bigint, zero)
    .addColumn("rounding_ore", t.bigint, zero)
    .addColumn("total_ore", t.bigint, zero)
    .addColumn("paid_ore", t.bigint, zero)
    .addColumn("vat_breakdown", t.json, (c) => c.notNull().defaultTo(t.isPostgres ? sql`'[]'::jsonb` : "[]"))
    .addColumn("seller", t.json)
    .addColumn("issued_at", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("invoices_series_number_key", ["series", "number"])
    .execute();
  await db.schema
    .createTable("invoice_lines")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("invoice_id", t.uuid, (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("position", "integer", zero)
    .addColumn("description", "text", required)
    .addColumn("quantity_milli", "integer", required)
    .addColumn("unit", "text", (c) => c.notNull().defaultTo("st"))
    .addColumn("unit_price_ore", t.bigint, required)
    .addColumn("vat_rate", "integer", (c) => c.notNull().check(sql`vat_rate in (25, 12, 6, 0)`))
    .addColumn("exempt_reference", "text")
    .addColumn("milestone_id", t.uuid, (c) => c.references("project_milestones.id").onDelete("restrict"))
    .addColumn("amount_ore", t.bigint, zero)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("invoices_project_id_idx").on("invoices").column("project_id").execute();
  await db.schema
    .createIndex("invoice_lines_invoice_id_idx")
    .on("invoice_lines")
    .column("invoice_id")
    .execute();
  await db.schema
    .createTable("invoice_payments")
    .addColumn("id", t.uuid, (c) => c.primaryKey())
    .addColumn("invoice_id", t.uuid, (c) => c.notNull().references("invoices.id").onDelete("restrict"))
    .addColumn("amount_ore", t.bigint, (c) => c.notNull().check(sql`amount_ore > 0`))
    .addColumn("paid_on", t.date, required)
    .addColumn("reference", "text")
    .addColumn("created_by", t.uuid)
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex("invoice_payments_invoice_id_idx")
    .on("invoice_payments")
    .column("invoice_id")
    .execute();
  for (const table of ["invoices", "invoice_lines", "invoice_payments"]) await t.notifyOnChange(table);
}

/** Undoes up, so an older release's schema can be rebuilt (a restore, a test of migrating forward). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invoice_payments").execute();
  await db.schema.dropTable("invoice_lines").execute();
  await db.schema.dropTable("invoices").execute();
}
