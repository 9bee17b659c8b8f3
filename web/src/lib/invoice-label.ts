import type { TableRow } from "@/lib/table-writes";

/**
 * How an invoice is named: its series and number once issued ("A17", "Credit A18"), "Draft" before. Shared
 * by the invoices screens and the contracts list, which links each contract to its projects' invoices.
 */
export function invoiceLabel(invoice: Pick<TableRow<"invoices">, "series" | "number" | "kind">): string {
  if (invoice.number === null) return "Draft";
  return `${invoice.kind === "credit" ? "Credit " : ""}${invoice.series}${invoice.number}`;
}
