import { randomUUID } from "node:crypto";
import { isValidOcr, type recordInvoicePaymentSchema } from "@app/contracts";
import type { z } from "zod";
import type { Database, Db } from "../../db/database";
import { AppError } from "../../http/app-error";
import type { RecordedActor } from "../../http/authorize";
import { restError } from "../../http/rest-error";
import { insertRow, lockInvoice, writeInvoice } from "./invoice-store";
import { recordInvoiceStep } from "./invoice-timeline";
import { invalidMove } from "./issue-invoice";

type Payment = z.output<typeof recordInvoicePaymentSchema>;

/**
 * The invoice an OCR reference belongs to, for a payment that arrives with it (the RPC, a bank file):
 * a reference whose check or length digit is wrong is refused before anything is looked up, since a
 * payment must never land on an invoice by a mistyped number.
 */
async function invoiceIdByOcr(trx: Db, ocr: string): Promise<string> {
  if (!isValidOcr(ocr, { lengthDigit: true }))
    throw restError("22P02", `invalid OCR reference: "${ocr}"`, {
      details: "Its check digit or length digit does not match",
    });
  const row = await trx.selectFrom("invoices").select("id").where("ocr", "=", ocr).executeTakeFirst();
  if (!row) throw restError("PGRST116", `No invoice has the OCR reference ${ocr}`, { status: 404 });
  return row.id;
}

/**
 * record_invoice_payment: a payment on an issued invoice, partial or in full. The invoice's paid amount
 * and status follow (partially_paid, then paid); more than is still owed is refused and nothing written.
 */
export async function recordInvoicePayment(db: Database, payment: Payment, actor: RecordedActor, at: string) {
  return db.withTransaction(async (trx) => {
    const invoiceId = payment.invoice_id ?? (await invoiceIdByOcr(trx, String(payment.ocr)));
    const invoice = await lockInvoice(trx, invoiceId);
    if (invoice.kind !== "invoice" || !["issued", "partially_paid", "paid"].includes(invoice.status))
      throw invalidMove(
        invoice.kind === "credit"
          ? "A credit invoice is not paid"
          : `Only an issued invoice is paid; this invoice is ${invoice.status}`,
        invoice.status,
      );
    const owed = invoice.total_ore - invoice.paid_ore;
    if (payment.amount_ore > owed)
      throw new AppError("payment_exceeds_balance", "The payment is more than is owed on the invoice", {
        details: `${owed} öre is owed; the payment is ${payment.amount_ore} öre`,
      });
    const row = {
      id: randomUUID(),
      invoice_id: invoice.id,
      amount_ore: payment.amount_ore,
      paid_on: payment.paid_on,
      reference: payment.reference ?? payment.ocr ?? null,
      created_by: actor.actorId,
      created_at: at,
    };
    await insertRow(trx, "invoice_payments", row);
    const paid = invoice.paid_ore + payment.amount_ore;
    const after = await writeInvoice(trx, invoice.id, {
      paid_ore: paid,
      status: paid === invoice.total_ore ? "paid" : "partially_paid",
      updated_at: at,
    });
    await recordInvoiceStep(trx, invoice, after, { ...actor, at });
    return after;
  });
}
