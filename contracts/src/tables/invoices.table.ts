import { z } from "zod";
import { EU_VAT_NUMBER_PATTERN, MAX_QUANTITY_MILLI, MAX_UNIT_PRICE_ORE, VAT_RATES } from "../money";
import { column, defineTable, type Policy } from "./define-table";

/**
 * Stored states of an invoice; only the invoice RPCs move them. "overdue" is never stored: every read
 * computes it from the due date (an issued or partly paid invoice past its due date reads as overdue).
 * "credited": an ändringsfaktura has netted it to zero.
 */
export const INVOICE_STORED_STATUSES = ["draft", "issued", "partially_paid", "paid", "credited"] as const;
export const INVOICE_STATUSES = [...INVOICE_STORED_STATUSES, "overdue"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_KINDS = ["invoice", "credit"] as const;

/** A numbering series: one to three capital letters (the OCR reference spells them as digits). */
export const invoiceSeriesSchema = z
  .string()
  .regex(/^[A-Z]{1,3}$/, "A series is one to three capital letters, such as A");

const staffOnly: Policy = {
  select: ["staff", "admin"],
  insert: ["staff", "admin"],
  update: ["staff", "admin"],
  delete: ["staff", "admin"],
};

const rateSchema = z
  .number()
  .int()
  .refine((n) => (VAT_RATES as readonly number[]).includes(n), {
    message: "A VAT rate is 25, 12, 6 or 0",
  });

/**
 * Invoices: drafts are written through the data API; issuing (number, OCR, issue date, totals, the
 * seller's details as printed), payments and credits are RPCs, so those columns are never written here.
 * Once issued an invoice is frozen: no write of any form changes or deletes it.
 */
const declared = defineTable({
  name: "invoices",
  area: "money",
  description: "invoices: drafts written by staff; issued, paid and credited only through the invoice RPCs",
  columns: {
    id: column.uuid().withDefault(),
    series: column.text(3).refine(invoiceSeriesSchema, "A").withDefault(),
    number: column.integer().orNull().generated(),
    ocr: column.text(25).orNull().generated(),
    /** Stored: draft to paid or credited; reads add "overdue" (see invoicesTable). */
    status: column.enum(INVOICE_STORED_STATUSES).generated(),
    kind: column.enum(INVOICE_KINDS).generated(),
    credits_invoice_id: column.uuid().orNull().foreignKeyTo("invoices").generated(),
    /** The project the invoice bills, if any. */
    project_id: column.uuid().orNull().foreignKeyTo("projects"),
    buyer_name: column.text(200).refine(z.string().trim().min(1, "A buyer needs a name").max(200), "Kund AB"),
    buyer_street_address: column.text(200).orNull(),
    buyer_postal_code: column.text(20).orNull(),
    buyer_city: column.text(100).orNull(),
    buyer_country: column
      .text(2)
      .refine(z.string().regex(/^[A-Z]{2}$/, "A country is its two-letter ISO code, such as SE"), "SE")
      .withDefault(),
    buyer_vat_number: column
      .text(15)
      .refine(
        z.string().regex(EU_VAT_NUMBER_PATTERN, "A VAT number is its country code then its digits"),
        "DE123456789",
      )
      .orNull(),
    buyer_email: column.email().orNull(),
    buyer_is_business: column.boolean().withDefault(),
    reverse_charge: column.boolean().withDefault(),
    round_to_kronor: column.boolean().withDefault(),
    issue_date: column.date().orNull().generated(),
    delivery_date: column.date().orNull(),
    /** Left empty, issuing sets it to the issue date plus the company's payment terms. */
    due_date: column.date().orNull(),
    your_reference: column.text(200).orNull(),
    notes: column.text(2000).orNull(),
    net_ore: column.integer().generated(),
    vat_ore: column.integer().generated(),
    rounding_ore: column.integer().generated(),
    total_ore: column.integer().generated(),
    paid_ore: column.integer().generated(),
    /** Taxable amount and VAT per rate, as the invoice prints them. */
    vat_breakdown: column
      .json(
        z.array(z.object({ vat_rate: rateSchema, taxable_ore: z.number().int(), vat_ore: z.number().int() })),
        [],
      )
      .generated(),
    /** The seller's details as they were when the invoice was issued (what it printed). */
    seller: column.json(z.record(z.unknown())).orNull().generated(),
    issued_at: column.timestamp().orNull().generated(),
    /** Reminders mailed of this invoice (by staff or the schedule) and when the last one went out. */
    reminder_count: column.integer().generated(),
    last_reminded_at: column.timestamp().orNull().generated(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "created_at.desc",
  maxRows: 200,
  policy: staffOnly,
});

/** Rows read with their status as every reader sees it: "overdue" follows from the due date. */
export const invoicesTable = {
  ...declared,
  row: declared.row.extend({ status: z.enum(INVOICE_STATUSES) }),
};

/** The lines of an invoice; editable only while the invoice is a draft. */
export const invoiceLinesTable = defineTable({
  name: "invoice_lines",
  area: "money",
  description: "an invoice's lines (integer öre, quantity in thousandths); written only while it is a draft",
  columns: {
    id: column.uuid().withDefault(),
    invoice_id: column.uuid().foreignKeyTo("invoices"),
    position: column.integer().refine(z.number().int().min(0).max(10_000), 0).withDefault(),
    description: column.text(1000),
    /** The quantity in thousandths (1,5 h is 1500): exact, never a float. */
    quantity_milli: column
      .integer()
      .refine(z.number().int().min(-MAX_QUANTITY_MILLI).max(MAX_QUANTITY_MILLI), 1000),
    unit: column.text(20).withDefault(),
    unit_price_ore: column
      .integer()
      .refine(z.number().int().min(-MAX_UNIT_PRICE_ORE).max(MAX_UNIT_PRICE_ORE), 100_000),
    vat_rate: column.integer().refine(rateSchema, 25),
    /** Why a line carries no VAT: the provision of the VAT act (or the directive) that exempts it. */
    exempt_reference: column.text(200).orNull(),
    /** The project milestone the line bills, if any. */
    milestone_id: column.uuid().orNull().foreignKeyTo("project_milestones"),
    /** The approved deliverable the line bills, if any. */
    deliverable_id: column.uuid().orNull().foreignKeyTo("deliverables"),
    /** Quantity × unit price in öre, kept by the server. */
    amount_ore: column.integer().generated(),
    created_at: column.timestamp().generated(),
    updated_at: column.timestamp().generated(),
  },
  defaultOrder: "position.asc",
  maxRows: 500,
  policy: staffOnly,
});

/** Payments received on an invoice: recorded only through record_invoice_payment. */
export const invoicePaymentsTable = defineTable({
  name: "invoice_payments",
  area: "money",
  description: "payments received on invoices: read by staff, recorded only through record_invoice_payment",
  columns: {
    id: column.uuid().withDefault(),
    invoice_id: column.uuid().foreignKeyTo("invoices"),
    amount_ore: column.integer(),
    paid_on: column.date(),
    /** The OCR or other reference the payment came with. */
    reference: column.text(100).orNull(),
    created_by: column.uuid().orNull().generated(),
    created_at: column.timestamp().generated(),
  },
  defaultOrder: "paid_on.asc",
  maxRows: 500,
  policy: { select: ["staff", "admin"], insert: [], update: [], delete: [] },
});
