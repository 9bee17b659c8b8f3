import {
  type INVOICE_STORED_STATUSES,
  type InvoiceTotals,
  invoiceTotals,
  type RowOf,
  tables,
  type VatRate,
} from "@app/contracts";
import type { Db } from "../../db/database";
import { dynamicTables } from "../../db/dynamic-tables";
import { engineOf } from "../../db/engine-of";
import { toApiRow, toStoredRow } from "../../db/stored-values";
import { restError } from "../../http/rest-error";
import { lockedOnPostgres } from "../auth/locks";

export type Invoice = RowOf<typeof tables.invoices>;
/** An invoice as stored: its status without the "overdue" a read derives. */
export type StoredInvoice = Omit<Invoice, "status"> & { status: (typeof INVOICE_STORED_STATUSES)[number] };
export type InvoiceLine = RowOf<typeof tables.invoice_lines>;

const invoiceNotFound = (id: string) =>
  restError("PGRST116", `No invoices row with id ${id}`, { status: 404 });

/** The invoice as stored (no derived overdue), locked on PostgreSQL until the transaction ends. */
export async function lockInvoice(trx: Db, id: string): Promise<Invoice> {
  const row = await lockedOnPostgres(
    trx,
    trx.selectFrom("invoices").selectAll().where("id", "=", id),
  ).executeTakeFirst();
  if (!row) throw invoiceNotFound(id);
  return toApiRow(tables.invoices, row as Record<string, unknown>);
}

export async function linesOf(trx: Db, invoiceId: string): Promise<InvoiceLine[]> {
  const rows = await trx
    .selectFrom("invoice_lines")
    .selectAll()
    .where("invoice_id", "=", invoiceId)
    .orderBy("position")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => toApiRow(tables.invoice_lines, row as Record<string, unknown>));
}

export function totalsOf(invoice: Pick<Invoice, "reverse_charge" | "round_to_kronor">, lines: InvoiceLine[]) {
  return invoiceTotals(
    lines.map((line) => ({ ...line, vat_rate: line.vat_rate as VatRate })),
    { reverseCharge: invoice.reverse_charge, roundToKronor: invoice.round_to_kronor },
  );
}

export const totalColumns = (totals: InvoiceTotals) => ({
  net_ore: totals.net_ore,
  vat_ore: totals.vat_ore,
  rounding_ore: totals.rounding_ore,
  total_ore: totals.total_ore,
  vat_breakdown: totals.by_rate,
});

/** Writes stored columns of an invoice (the server's own: status, number, totals) and answers the row. */
export async function writeInvoice(trx: Db, id: string, values: Partial<StoredInvoice>): Promise<Invoice> {
  const row = await trx
    .updateTable("invoices")
    .set(toStoredRow(tables.invoices, values, engineOf(trx)))
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toApiRow(tables.invoices, row as Record<string, unknown>);
}

/** Recomputes a draft's cached totals from its lines (after any change to them or to its VAT flags). */
export async function refreshTotals(trx: Db, invoice: Invoice, at: string) {
  const totals = totalsOf(invoice, await linesOf(trx, invoice.id));
  return writeInvoice(trx, invoice.id, { ...totalColumns(totals), updated_at: at });
}

/** Writes one new row of a money table, in its stored form for the engine. */
export async function insertRow<N extends "invoices" | "invoice_lines" | "invoice_payments">(
  trx: Db,
  table: N,
  row: Record<string, unknown>,
) {
  await dynamicTables(trx)
    .insertInto(table)
    .values(toStoredRow(tables[table], row, engineOf(trx)))
    .execute();
}
