import { type RowOf, SITE_NAME, tables } from "@app/contracts";
import { stockholmDay } from "@app/contracts/stockholm-time";
import type { Db } from "../../db/database";
import { toApiRow } from "../../db/stored-values";
import { AppError } from "../../http/app-error";
import { invoiceDocumentOf, invoiceNumberText } from "./invoice-document-of";
import { renderInvoicePdf } from "./render-invoice-pdf";
import { sieAccountsFromSettings } from "./sie-accounts";
import { sieInvoiceFromDocument, writeSie4 } from "./write-sie4";

/** A file name from an invoice number: its letters and digits, so no header can be bent by it. */
export const invoiceFileName = (number: string, kind: "invoice" | "credit") =>
  `${kind === "credit" ? "Kreditfaktura" : "Faktura"}-${number.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;

/** An issued invoice's PDF and the name it downloads under. */
export async function invoicePdf(db: Db, id: string) {
  const { document } = await invoiceDocumentOf(db, id);
  return { fileName: invoiceFileName(document.number, document.kind), pdf: await renderInvoicePdf(document) };
}

async function settingsOf(db: Db): Promise<RowOf<typeof tables.company_settings>> {
  const row = await db.selectFrom("company_settings").selectAll().executeTakeFirst();
  if (!row)
    throw new AppError("company_settings_missing", "The company settings are not filled in yet", {
      hint: "An administrator enters them under Settings › Company.",
    });
  return toApiRow(tables.company_settings, row as Record<string, unknown>);
}

/**
 * The SIE 4 file of a period: every invoice and credit issued in it and every payment recorded in it
 * (both days included), booked to the accounts company_settings maps. The figures are the issued
 * documents', so the file books exactly what the buyers were sent.
 */
export async function invoiceSie(db: Db, period: { from: string; to: string }, nowMs: number) {
  const settings = await settingsOf(db);
  const issued = await db
    .selectFrom("invoices")
    .select("id")
    .where("number", "is not", null)
    .where("issue_date", ">=", period.from)
    .where("issue_date", "<=", period.to)
    .orderBy("issue_date")
    .orderBy("series")
    .orderBy("number")
    .execute();
  const invoices = [];
  for (const { id } of issued)
    invoices.push(sieInvoiceFromDocument((await invoiceDocumentOf(db, id)).document));
  const payments = (
    await db
      .selectFrom("invoice_payments")
      .selectAll()
      .where("paid_on", ">=", period.from)
      .where("paid_on", "<=", period.to)
      .orderBy("paid_on")
      .orderBy("created_at")
      .execute()
  ).map((row) => toApiRow(tables.invoice_payments, row as Record<string, unknown>));
  const paidInvoices = payments.length
    ? await db
        .selectFrom("invoices")
        .select(["id", "series", "number"])
        .where("id", "in", [...new Set(payments.map((p) => p.invoice_id))])
        .execute()
    : [];
  const numberOf = new Map(paidInvoices.map((i) => [i.id, invoiceNumberText(i)]));
  return writeSie4({
    company: { name: settings.name, orgNumber: settings.org_number },
    accounts: sieAccountsFromSettings(settings),
    period,
    generatedOn: stockholmDay(new Date(nowMs).toISOString()),
    program: { name: SITE_NAME, version: "1" },
    invoices,
    payments: payments.map((p) => ({
      invoiceNumber: numberOf.get(p.invoice_id) ?? p.invoice_id,
      paidOn: p.paid_on,
      amountOre: p.amount_ore,
    })),
  });
}
