import { initContract } from "@ts-rest/core";
import { z } from "zod";
import { access, restErrorResponses, restHeadersSchema } from "./common";
import { invoicesTable } from "./tables/invoices.table";

const c = initContract();

const invoiceId = z.string().uuid("must be an invoice's id");
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD");

export const invoiceCallSchema = z.object({ invoice_id: invoiceId }).strict();

/**
 * A payment received: on the invoice named, or on the one its OCR reference belongs to (as a bank file
 * states it). Amounts are positive integer öre.
 */
export const recordInvoicePaymentSchema = z
  .object({
    invoice_id: invoiceId.optional(),
    ocr: z
      .string()
      .regex(/^\d{2,25}$/, "An OCR reference is 2 to 25 digits")
      .optional(),
    amount_ore: z
      .number()
      .int("must be whole öre")
      .min(1, "A payment is more than zero öre")
      .max(Number.MAX_SAFE_INTEGER, "A payment is at most what öre hold exactly"),
    paid_on: day,
    reference: z.string().max(100).nullable().optional(),
  })
  .strict()
  .refine((p) => (p.invoice_id === undefined) !== (p.ocr === undefined), {
    message: "Name the invoice by invoice_id or by ocr (one of them)",
    path: ["invoice_id"],
  });
export type RecordInvoicePayment = z.input<typeof recordInvoicePaymentSchema>;

const invoiceResponses = {
  200: invoicesTable.row,
  ...restErrorResponses,
  404: restErrorResponses[400],
  409: restErrorResponses[400],
  422: restErrorResponses[400],
};

/**
 * The invoice lifecycle as PostgREST-style RPCs (supabase-js `.rpc(name, body)`), staff only. Each runs in
 * one transaction and answers the invoice as stored; a move the lifecycle does not allow answers 409, an
 * invoice that lacks a required field or a payment beyond what is owed 422, and nothing is written.
 */
export const moneyContract = c.router({
  issueInvoice: {
    method: "POST",
    path: "/rest/v1/rpc/issue_invoice",
    headers: restHeadersSchema,
    body: invoiceCallSchema,
    responses: invoiceResponses,
    metadata: access("staff"),
    summary:
      "Issue a draft: checks every required field, takes the next number of its series and its OCR reference",
  },
  creditInvoice: {
    method: "POST",
    path: "/rest/v1/rpc/credit_invoice",
    headers: restHeadersSchema,
    body: invoiceCallSchema,
    responses: invoiceResponses,
    metadata: access("staff"),
    summary:
      "Issue a credit invoice (ändringsfaktura) that nets an issued invoice to zero; answers the credit",
  },
  recordInvoicePayment: {
    method: "POST",
    path: "/rest/v1/rpc/record_invoice_payment",
    headers: restHeadersSchema,
    body: recordInvoicePaymentSchema,
    responses: invoiceResponses,
    metadata: access("staff"),
    summary: "Record a payment (partial or full) on an issued invoice, named by id or by OCR reference",
  },
});
