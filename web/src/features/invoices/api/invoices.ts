import type { InvoiceStatus, SaveInvoiceDraft } from "@app/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { tsr } from "@/lib/api-client";
import { expectSuccess, isStaleVersion, StaleRecordError, searchFilter } from "@/lib/postgrest";

/** The invoice an invoice RPC answers: expectSuccess has already thrown every refusal. */
function answeredInvoice(response: { status: number; body: unknown }) {
  return expectSuccess(response).body as Invoice;
}

import { invoicesQueryKey } from "@/lib/query-keys";
import { readRecord, readTable } from "@/lib/read-table";
import { deleteRow, insertRow, type TableInsert, type TableRow, type TableUpdate } from "@/lib/table-writes";

export type Invoice = TableRow<"invoices">;
export type InvoiceLine = TableRow<"invoice_lines">;
type InvoicePayment = TableRow<"invoice_payments">;

const root = invoicesQueryKey;
const invoiceKeys = {
  list: (params: object) => [...root, "list", params] as const,
  detail: (id: string) => [...root, "detail", id] as const,
};
const invalidates = [root] as const;
const EXACT = { count: "exact" } as const;

export type InvoiceFilters = { status: InvoiceStatus | "all"; buyer: string };

/** The invoices the filters keep, newest first. */
export function useInvoices(filters: InvoiceFilters) {
  return useQuery({
    queryKey: invoiceKeys.list(filters),
    queryFn: async ({ signal }) => {
      const where: Record<string, string> = {};
      if (filters.status !== "all") where.status = `eq.${filters.status}`;
      const buyer = searchFilter(["buyer_name"], filters.buyer);
      if (buyer) where.and = buyer;
      // The list shows its rows, not a total: the bounded estimate, not a count of every invoice.
      const page = await readTable(
        "invoices",
        { count: "estimated", filters: where, order: ["created_at.desc"] },
        signal,
      );
      return page.rows;
    },
    meta: { errorMessage: "Could not load the invoices" },
  });
}

export type InvoiceRecord = { invoice: Invoice; lines: InvoiceLine[]; payments: InvoicePayment[] };

/** An invoice with its lines and payments; null when there is no such invoice. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: async ({ signal }): Promise<InvoiceRecord | null> => {
      const invoice = await readRecord("invoices", id, { count: "exact", signal });
      if (!invoice) return null;
      const byInvoice = { invoice_id: `eq.${id}` };
      const [lines, payments] = await Promise.all([
        readTable("invoice_lines", { ...EXACT, filters: byInvoice, order: ["position.asc"] }, signal),
        readTable("invoice_payments", { ...EXACT, filters: byInvoice, order: ["paid_on.asc"] }, signal),
      ]);
      return { invoice, lines: lines.rows, payments: payments.rows };
    },
    meta: { errorMessage: "Could not load the invoice" },
  });
}

export function useCreateInvoice() {
  return useMutation({
    mutationFn: (values: TableInsert<"invoices">) => insertRow("invoices", values),
    meta: { successMessage: "Draft created", errorMessage: "Could not create the invoice", invalidates },
  });
}

/** A line as a draft save sends it: an id only for a line that is kept. */
export type LineValues = SaveInvoiceDraft["lines"][number];

type DraftSave = {
  invoice: Invoice;
  changes: TableUpdate<"invoices">;
  /** The lines as the editor holds them, in order: those with an id are kept (and updated), the rest added. */
  lines: LineValues[];
};

/**
 * Saves a draft whole in one request: its changes and its list of lines (a line left out is deleted),
 * against the version read, so a change someone else saved meanwhile is reported rather than overwritten
 * and a refusal leaves the draft as it was.
 */
async function saveDraft({ invoice, changes, lines }: DraftSave) {
  const response = await tsr.money.saveInvoiceDraft.mutate({
    body: { invoice_id: invoice.id, version: invoice.updated_at, changes, lines },
  });
  if (isStaleVersion(response)) throw new StaleRecordError();
  return answeredInvoice(response);
}

export function useSaveDraft() {
  return useMutation({
    mutationFn: saveDraft,
    meta: { successMessage: "Draft saved", errorMessage: "Could not save the draft", invalidates },
  });
}

export function useDeleteDraft() {
  return useMutation({
    mutationFn: (invoice: Invoice) => deleteRow("invoices", { id: invoice.id, version: invoice.updated_at }),
    meta: { successMessage: "Draft deleted", errorMessage: "Could not delete the draft", invalidates },
  });
}

export function useIssueInvoice() {
  return useMutation({
    mutationFn: async (invoiceId: string) =>
      answeredInvoice(await tsr.money.issueInvoice.mutate({ body: { invoice_id: invoiceId } })),
    // The refusal (what is missing) is shown on the page itself, where it can be acted on.
    meta: { successMessage: "Invoice issued", invalidates },
  });
}

export function useCreditInvoice() {
  return useMutation({
    mutationFn: async (invoiceId: string) =>
      answeredInvoice(await tsr.money.creditInvoice.mutate({ body: { invoice_id: invoiceId } })),
    meta: { successMessage: "Credit invoice issued", invalidates },
  });
}

export function useRecordPayment() {
  return useMutation({
    mutationFn: async (body: { invoice_id: string; amount_ore: number; paid_on: string }) =>
      answeredInvoice(await tsr.money.recordInvoicePayment.mutate({ body })),
    meta: { successMessage: "Payment recorded", invalidates },
  });
}

/** Mails an issued invoice with its PDF attached; the invoice's timeline notes it. */
export function useSendInvoice() {
  return useMutation({
    mutationFn: async (body: { invoice_id: string; email: string }) =>
      expectSuccess(await tsr.money.sendInvoice.mutate({ body })).body,
    meta: { successMessage: "Invoice sent", invalidates },
  });
}

/** Mails a reminder of an overdue invoice, with the 450 kr late-payment compensation when asked. */
export function useSendReminder() {
  return useMutation({
    mutationFn: async (body: { invoice_id: string; email: string; include_compensation: boolean }) =>
      expectSuccess(await tsr.money.sendInvoiceReminder.mutate({ body })).body,
    meta: { successMessage: "Reminder sent", invalidates },
  });
}
