import { lineAmountOre, MAX_INVOICE_LINES } from "@app/contracts";
import { stockholmDay } from "@app/contracts/stockholm-time";
import { sql } from "kysely";
import { AppError } from "../../http/app-error";
import { restError } from "../../http/rest-error";
import type { HookContext, Row, TableHooks } from "../../rest/table-hooks";
import { type InvoiceLine, lockInvoice, refreshTotals } from "./invoice-store";

/** Why an issued invoice and its lines stay as issued: corrections are credit invoices. */
export const notADraftInvoice = (status: string, what: string) =>
  new AppError("invalid_state", `Only a draft invoice's ${what}; this invoice is ${status}`, {
    details: `status is ${status}`,
    hint: "An issued invoice is never changed or deleted: correct it with a credit invoice (credit_invoice).",
  });

/**
 * Drafts are written through the data API; the stored state moves only through the invoice RPCs, and
 * anything but a draft is frozen. "overdue" is computed on every read: an issued or partly paid invoice
 * whose due date (a Stockholm day) has passed.
 */
export const invoiceHooks: TableHooks = {
  frozen: {
    column: "status",
    states: ["issued", "partially_paid", "paid", "credited", "overdue"],
    refusal: (verb, before) =>
      notADraftInvoice(String(before.status), verb === "update" ? "fields may be edited" : "may be deleted"),
  },
  derivedColumns: {
    status: (at) =>
      sql`case when status in ('issued', 'partially_paid') and kind = 'invoice' and due_date < ${stockholmDay(at)} then 'overdue' else status end`,
  },
  async afterWrite(ctx, { verb, before, after }) {
    // The VAT flags change what the lines come to; the cached totals follow.
    if (verb !== "update" || !after || !before) return;
    if (before.reverse_charge === after.reverse_charge && before.round_to_kronor === after.round_to_kronor)
      return;
    await refreshTotals(ctx.trx, await lockInvoice(ctx.trx, String(after.id)), ctx.at);
  },
};

/** The draft a line belongs to, locked so an issue waits for the write (and a write for an issue). */
async function draftOf(ctx: HookContext, invoiceId: unknown, what: string) {
  const invoice = await lockInvoice(ctx.trx, String(invoiceId)).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "PGRST116")
      throw restError("23503", 'insert or update on table "invoice_lines" violates foreign key constraint', {
        details: `Key (invoice_id)=(${String(invoiceId)}) is not present in table "invoices".`,
      });
    throw error;
  });
  if (invoice.status !== "draft") throw notADraftInvoice(invoice.status, what);
  return invoice;
}

const withAmount = (values: Row, before?: Row): Row => {
  const line = { ...before, ...values } as InvoiceLine;
  return { ...values, amount_ore: lineAmountOre(line) };
};

/** An invoice holds at most MAX_INVOICE_LINES lines, which keeps every sum of it exact in öre. */
async function assertRoomForLine(ctx: HookContext, invoiceId: unknown) {
  const row = await ctx.trx
    .selectFrom("invoice_lines")
    .select((eb) => eb.fn.countAll().as("lines"))
    .where("invoice_id", "=", String(invoiceId))
    .executeTakeFirst();
  if (Number(row?.lines ?? 0) >= MAX_INVOICE_LINES)
    throw restError(
      "23514",
      `new row for relation "invoice_lines" violates check constraint "invoice_lines_per_invoice"`,
      {
        details: `An invoice has at most ${MAX_INVOICE_LINES} lines`,
      },
    );
}

/** A line is written only while its invoice is a draft; its amount and the invoice's totals follow. */
export const invoiceLineHooks: TableHooks = {
  async beforeInsert(ctx, values) {
    await draftOf(ctx, values.invoice_id, "lines may be added");
    await assertRoomForLine(ctx, values.invoice_id);
    return withAmount(values);
  },
  async beforeUpdate(ctx, changes, before) {
    await draftOf(ctx, before.invoice_id, "lines may be edited");
    if (changes.invoice_id !== undefined && changes.invoice_id !== before.invoice_id) {
      await draftOf(ctx, changes.invoice_id, "lines may be added");
      await assertRoomForLine(ctx, changes.invoice_id);
    }
    return withAmount(changes, before);
  },
  async beforeDelete(ctx, before) {
    await draftOf(ctx, before.invoice_id, "lines may be deleted");
  },
  async afterWrite(ctx, { before, after }) {
    const invoiceIds = new Set([before?.invoice_id, after?.invoice_id].filter((id) => id !== undefined));
    for (const id of invoiceIds) await refreshTotals(ctx.trx, await lockInvoice(ctx.trx, String(id)), ctx.at);
  },
};
