import type { Invoice } from "@/features/invoices/api/invoices";

/** How an invoice is named: its series and number once issued ("A17"), "Draft" before. */
export function invoiceLabel(invoice: Pick<Invoice, "series" | "number" | "kind">): string {
  if (invoice.number === null) return "Draft";
  return `${invoice.kind === "credit" ? "Credit " : ""}${invoice.series}${invoice.number}`;
}
