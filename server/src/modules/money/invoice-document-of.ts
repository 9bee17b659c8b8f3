import { formatQuantity, type RowOf, tables } from "@app/contracts";
import type { Db } from "../../db/database";
import { toApiRow } from "../../db/stored-values";
import { AppError } from "../../http/app-error";
import type { InvoiceDocument, InvoiceVatRate } from "./invoice-document";
import { type Invoice, type InvoiceLine, linesOf } from "./invoice-store";

type Seller = RowOf<typeof tables.company_settings>;

/** How an invoice's number prints: its series, then its number in that series (A17). */
export const invoiceNumberText = (invoice: Pick<Invoice, "series" | "number">) =>
  `${invoice.series}${invoice.number}`;

/** The seller as the invoice printed it when issued: its snapshot, so later settings changes leave it be. */
function sellerOf(snapshot: Record<string, unknown>): InvoiceDocument["seller"] {
  const s = snapshot as Partial<Seller>;
  return {
    name: s.name ?? "",
    streetAddress: s.street_address ?? "",
    postalCode: s.postal_code ?? "",
    city: s.city ?? "",
    country: s.country ?? "SE",
    orgNumber: s.org_number ?? "",
    vatNumber: s.vat_number ?? "",
    bankgiro: s.bankgiro ?? "",
    plusgiro: s.plusgiro ?? null,
    fSkatt: s.f_skatt ?? false,
    email: s.email ?? "",
    phone: s.phone ?? "",
    website: s.website ?? "",
  };
}

const lineOf = (line: InvoiceLine): InvoiceDocument["lines"][number] => ({
  description: line.description,
  // The document's quantity is written with a point; formatQuantity's comma and minus are the print's.
  quantity: formatQuantity(line.quantity_milli).replace(",", ".").replace("−", "-"),
  unit: line.unit,
  unitPriceOre: line.unit_price_ore,
  vatRate: line.vat_rate as InvoiceVatRate,
  amountOre: line.amount_ore,
  exemptionReference: line.exempt_reference,
});

async function invoiceRow(trx: Db, id: string): Promise<Invoice | undefined> {
  const row = await trx.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toApiRow(tables.invoices, row as Record<string, unknown>) : undefined;
}

/**
 * An issued invoice (or credit) as its PDF prints it and the SIE export books it, from its stored rows:
 * the figures are the ones issuing fixed, never recomputed. A draft has no number, so it has no document.
 */
export async function invoiceDocumentOf(
  trx: Db,
  id: string,
  extra: { lateInterestText?: string | null } = {},
): Promise<{ invoice: Invoice; document: InvoiceDocument }> {
  const invoice = await invoiceRow(trx, id);
  if (!invoice) throw new AppError("not_found", `No invoice with id ${id}`);
  if (invoice.number === null || invoice.issue_date === null || invoice.due_date === null)
    throw new AppError("invalid_state", "A draft has no number yet: issue it first", {
      details: `status is ${invoice.status}`,
    });
  const original = invoice.credits_invoice_id ? await invoiceRow(trx, invoice.credits_invoice_id) : undefined;
  const seller = invoice.seller ?? {};
  const document: InvoiceDocument = {
    kind: invoice.kind,
    number: invoiceNumberText(invoice),
    issueDate: invoice.issue_date,
    deliveryDate: invoice.delivery_date ?? invoice.issue_date,
    dueDate: invoice.due_date,
    ocr: invoice.ocr ?? "",
    seller: sellerOf(seller),
    buyer: {
      name: invoice.buyer_name,
      streetAddress: invoice.buyer_street_address ?? "",
      postalCode: invoice.buyer_postal_code ?? "",
      city: invoice.buyer_city ?? "",
      country: invoice.buyer_country,
      vatNumber: invoice.buyer_vat_number,
      reference: invoice.your_reference,
    },
    vatTreatment: invoice.reverse_charge ? "reverse_charge" : "domestic",
    lines: (await linesOf(trx, invoice.id)).map(lineOf),
    vatBreakdown: invoice.vat_breakdown
      .map((b) => ({ rate: b.vat_rate as InvoiceVatRate, taxableOre: b.taxable_ore, vatOre: b.vat_ore }))
      .sort((a, b) => b.rate - a.rate),
    roundingOre: invoice.rounding_ore,
    totalOre: invoice.total_ore,
    credits:
      original?.number != null && original.issue_date
        ? { number: invoiceNumberText(original), issueDate: original.issue_date }
        : null,
    lateInterestText: extra.lateInterestText ?? (seller as Partial<Seller>).late_interest_text ?? null,
    note: invoice.notes,
  };
  return { invoice, document };
}
