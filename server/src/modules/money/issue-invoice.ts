import { randomUUID } from "node:crypto";
import { invoiceOcr, missingForIssue, type RowOf, tables } from "@app/contracts";
import { addDays, stockholmDay } from "@app/contracts/stockholm-time";
import { sql } from "kysely";
import type { Database, Db } from "../../db/database";
import { engineOf } from "../../db/engine-of";
import { toApiRow } from "../../db/stored-values";
import { AppError } from "../../http/app-error";
import type { RecordedActor } from "../../http/authorize";
import {
  type Invoice,
  type InvoiceLine,
  insertRow,
  linesOf,
  lockInvoice,
  type StoredInvoice,
  totalColumns,
  totalsOf,
  writeInvoice,
} from "./invoice-store";
import { recordInvoiceStep } from "./invoice-timeline";

type Seller = RowOf<typeof tables.company_settings>;

/** The first key of the advisory locks on numbering series (the second is the series' hash). */
const SERIES_LOCKS = 0x696e766f;

/**
 * Serialises the issuing of one series across every node on PostgreSQL, so the next number is read
 * after the previous issue committed: no two take one number, and none is skipped. SQLite's writers
 * queue already (BEGIN IMMEDIATE).
 */
async function lockSeries(trx: Db, series: string) {
  if (engineOf(trx) === "postgres")
    await sql`select pg_advisory_xact_lock(${sql.lit(SERIES_LOCKS)}, hashtext(${series}))`.execute(trx);
}

/** The series' next number: one past the highest ever issued (issued invoices are never deleted). */
async function nextNumber(trx: Db, series: string): Promise<number> {
  const row = await trx
    .selectFrom("invoices")
    .select((eb) => eb.fn.max("number").as("last"))
    .where("series", "=", series)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

async function sellerOf(trx: Db): Promise<Seller | null> {
  const row = await trx.selectFrom("company_settings").selectAll().executeTakeFirst();
  return row ? toApiRow(tables.company_settings, row as Record<string, unknown>) : null;
}

/** What the invoice prints as its seller, kept with it: later changes to the settings leave it as issued. */
const sellerSnapshot = (seller: Seller) => {
  const { id: _id, created_at: _c, updated_at: _u, default_payment_terms_days: _d, ...printed } = seller;
  return printed;
};

export const invalidMove = (message: string, status: string) =>
  new AppError("invalid_state", message, { details: `status is ${status}` });

/**
 * Gives an invoice (a draft just checked, or a credit just written) its number, its OCR reference when
 * something is to be paid, its dates and totals, and the seller as printed, all in the caller's
 * transaction: a failure after this rolls the number back with everything else, so no gap is left.
 * The step lands on the timeline.
 */
async function numberAndIssue(
  trx: Db,
  invoice: Invoice,
  lines: InvoiceLine[],
  seller: Seller | Record<string, unknown>,
  dates: { issue_date: string; due_date: string },
  who: RecordedActor & { at: string },
) {
  const { at } = who;
  await lockSeries(trx, invoice.series);
  const number = await nextNumber(trx, invoice.series);
  const issued = await writeInvoice(trx, invoice.id, {
    status: "issued",
    number,
    ocr: invoice.kind === "invoice" ? invoiceOcr(invoice.series, number) : null,
    ...dates,
    ...totalColumns(totalsOf(invoice, lines)),
    seller: "id" in seller ? sellerSnapshot(seller as Seller) : seller,
    issued_at: at,
    updated_at: at,
  });
  await recordInvoiceStep(trx, invoice, issued, who);
  return issued;
}

/** issue_invoice: a draft that has every required field becomes an issued, numbered, frozen invoice. */
export async function issueInvoice(db: Database, invoiceId: string, actor: RecordedActor, at: string) {
  return db.withTransaction(async (trx) => {
    const invoice = await lockInvoice(trx, invoiceId);
    if (invoice.status !== "draft")
      throw invalidMove(`Only a draft is issued; this invoice is ${invoice.status}`, invoice.status);
    const [lines, seller] = await Promise.all([linesOf(trx, invoice.id), sellerOf(trx)]);
    const issueDate = stockholmDay(at);
    const dueDate = invoice.due_date ?? addDays(issueDate, seller?.default_payment_terms_days ?? 30);
    const missing = missingForIssue(invoice, lines, seller);
    if (dueDate < issueDate) missing.push("a due_date on or after the issue date");
    if (missing.length > 0 || !seller)
      throw new AppError("invoice_incomplete", "The invoice lacks what a full invoice must show", {
        details: `Missing: ${missing.join("; ")}`,
        hint: "Fill these in on the draft (and the company settings), then issue it again.",
      });
    const dates = { issue_date: issueDate, due_date: dueDate };
    return numberAndIssue(trx, invoice, lines, seller, dates, { ...actor, at });
  });
}

const CREDITABLE = ["issued", "partially_paid", "paid"];

/**
 * credit_invoice: an ändringsfaktura that refers to the original and repeats its lines with the
 * quantities negated, issued at once in the original's series; its totals are the original's negated
 * exactly (the rounding is symmetric), so together they net to zero. The original reads as credited.
 */
export async function creditInvoice(db: Database, invoiceId: string, actor: RecordedActor, at: string) {
  return db.withTransaction(async (trx) => {
    const original = await lockInvoice(trx, invoiceId);
    if (original.kind !== "invoice" || !CREDITABLE.includes(original.status))
      throw invalidMove(
        original.kind === "credit"
          ? "A credit invoice is not credited again"
          : `Only an issued invoice is credited; this invoice is ${original.status}`,
        original.status,
      );
    const issueDate = stockholmDay(at);
    const credit: StoredInvoice = {
      ...original,
      id: randomUUID(),
      kind: "credit",
      status: "draft",
      number: null,
      ocr: null,
      credits_invoice_id: original.id,
      notes: `Kreditering av faktura ${original.series}${original.number}`,
      paid_ore: 0,
      created_at: at,
      updated_at: at,
    };
    await insertRow(trx, "invoices", credit);
    const lines = (await linesOf(trx, original.id)).map((line) => ({
      ...line,
      id: randomUUID(),
      invoice_id: credit.id,
      quantity_milli: -line.quantity_milli,
      amount_ore: -line.amount_ore,
      created_at: at,
      updated_at: at,
    }));
    for (const line of lines) await insertRow(trx, "invoice_lines", line);
    const seller = (await sellerOf(trx)) ?? original.seller ?? {};
    const dates = { issue_date: issueDate, due_date: issueDate };
    const issued = await numberAndIssue(trx, credit, lines, seller, dates, { ...actor, at });
    const credited = await writeInvoice(trx, original.id, { status: "credited", updated_at: at });
    await recordInvoiceStep(trx, original, credited, { ...actor, at });
    return issued;
  });
}
