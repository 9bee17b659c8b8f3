import { initContract } from "@ts-rest/core";
import { z } from "zod";
import {
  access,
  apiErrorSchema,
  apiKeyErrorSchema,
  restErrorResponses,
  restHeadersSchema,
  serviceRoleAccess,
} from "./common";
import { MAX_INVOICE_LINES } from "./money/invoice-math";
import { invoiceLinesTable, invoicesTable } from "./tables/invoices.table";

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

/**
 * A line of a draft as the editor saves it: the table's own rules for a line, without the invoice (the
 * draft saved) and the position (the line's place in the list). An id of one of the draft's lines
 * updates that line; a line without one is added.
 */
export const draftLineSchema = invoiceLinesTable.insert.omit({ invoice_id: true, position: true });

/**
 * A draft saved whole: its header changes (the columns a draft may change, as the table takes them) and
 * its complete list of lines, checked against the `updated_at` the editor read (`version`).
 */
export const saveInvoiceDraftSchema = z
  .object({
    invoice_id: invoiceId,
    version: z.string().datetime({ offset: true, message: "must be the updated_at the draft was read with" }),
    changes: invoicesTable.update,
    lines: z
      .array(draftLineSchema)
      .max(MAX_INVOICE_LINES, `An invoice has at most ${MAX_INVOICE_LINES} lines`),
  })
  .strict();
export type SaveInvoiceDraft = z.input<typeof saveInvoiceDraftSchema>;

/** A period of days, both included, for the SIE export: from on or before to. */
export const siePeriodSchema = z
  .object({ from: day, to: day })
  .strict()
  .refine((p) => !Number.isNaN(Date.parse(p.from)) && !Number.isNaN(Date.parse(p.to)), {
    message: "from and to must be real calendar days",
    path: ["from"],
  })
  .refine((p) => p.from <= p.to, { message: "from must be on or before to", path: ["from"] });

const email = z.string().trim().toLowerCase().max(254).email("must be an e-mail address");

/** Mail an issued invoice, its PDF attached, to the buyer's address. */
export const sendInvoiceSchema = z.object({ invoice_id: invoiceId, email }).strict();

/**
 * A reminder of an overdue invoice; include_compensation adds the statutory 450 kr late-payment
 * compensation (förseningsersättning), which only a business buyer owes.
 */
export const sendInvoiceReminderSchema = z
  .object({ invoice_id: invoiceId, email, include_compensation: z.boolean().default(false) })
  .strict();

export const invoiceFromProjectSchema = z
  .object({ project_id: z.string().uuid("must be a project's id") })
  .strict();

export const approvedNotInvoicedSchema = z
  .object({ project_id: z.string().uuid("must be a project's id").optional() })
  .strict();

/** Work done and accepted that no invoice bills yet: a reached milestone or an approved deliverable. */
export const uninvoicedWorkSchema = z.object({
  project_id: z.string(),
  project_code: z.string(),
  project_title: z.string(),
  kind: z.enum(["milestone", "deliverable"]),
  id: z.string(),
  title: z.string(),
  /** What the line bills: the milestone's share of the budget, the deliverable's fee; null for a deliverable not priced. */
  amount_ore: z.number().int().nullable(),
  /** When the milestone was reached or the deliverable approved. */
  done_at: z.string().nullable(),
});
export type UninvoicedWork = z.infer<typeof uninvoicedWorkSchema>;

const sentSchema = z.object({ invoice_id: z.string(), email: z.string(), sent_at: z.string() });

const fileResponses = {
  400: apiErrorSchema,
  401: z.union([apiErrorSchema, apiKeyErrorSchema]),
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const pdfFile = c.otherResponse({ contentType: "application/pdf", body: c.type<Uint8Array>() });
const sieFile = c.otherResponse({ contentType: "text/plain; charset=cp437", body: c.type<Uint8Array>() });

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
    metadata: serviceRoleAccess("staff"),
    summary:
      "Issue a draft: checks every required field, takes the next number of its series and its OCR reference",
  },
  saveInvoiceDraft: {
    method: "POST",
    path: "/rest/v1/rpc/save_invoice_draft",
    headers: restHeadersSchema,
    body: saveInvoiceDraftSchema,
    responses: invoiceResponses,
    metadata: serviceRoleAccess("staff"),
    summary:
      "Save a draft in one transaction: its header changes and its whole list of lines, against the version read (409 when it changed since)",
  },
  creditInvoice: {
    method: "POST",
    path: "/rest/v1/rpc/credit_invoice",
    headers: restHeadersSchema,
    body: invoiceCallSchema,
    responses: invoiceResponses,
    metadata: serviceRoleAccess("staff"),
    summary:
      "Issue a credit invoice (ändringsfaktura) that nets an issued invoice to zero; answers the credit",
  },
  recordInvoicePayment: {
    method: "POST",
    path: "/rest/v1/rpc/record_invoice_payment",
    headers: restHeadersSchema,
    body: recordInvoicePaymentSchema,
    responses: invoiceResponses,
    metadata: serviceRoleAccess("staff"),
    summary: "Record a payment (partial or full) on an issued invoice, named by id or by OCR reference",
  },
  sendInvoice: {
    method: "POST",
    path: "/rest/v1/rpc/send_invoice",
    headers: restHeadersSchema,
    body: sendInvoiceSchema,
    responses: { ...invoiceResponses, 200: sentSchema, 429: restErrorResponses[400] },
    metadata: serviceRoleAccess("staff"),
    summary: "Mail an issued invoice to the buyer with its PDF attached (noted on its timeline)",
  },
  sendInvoiceReminder: {
    method: "POST",
    path: "/rest/v1/rpc/send_invoice_reminder",
    headers: restHeadersSchema,
    body: sendInvoiceReminderSchema,
    responses: { ...invoiceResponses, 200: sentSchema, 429: restErrorResponses[400] },
    metadata: serviceRoleAccess("staff"),
    summary:
      "Mail a reminder of an overdue invoice, its PDF attached; optionally with the 450 kr late-payment compensation (business buyers)",
  },
  invoiceFromProject: {
    method: "POST",
    path: "/rest/v1/rpc/invoice_from_project",
    headers: restHeadersSchema,
    body: invoiceFromProjectSchema,
    responses: invoiceResponses,
    metadata: serviceRoleAccess("staff"),
    summary:
      "A draft invoice for a project: a line per reached milestone (its share of the budget) and per approved deliverable not yet invoiced",
  },
  approvedNotInvoiced: {
    method: "POST",
    path: "/rest/v1/rpc/approved_not_invoiced",
    headers: restHeadersSchema,
    body: approvedNotInvoicedSchema,
    responses: { ...invoiceResponses, 200: z.array(uninvoicedWorkSchema) },
    metadata: serviceRoleAccess("staff"),
    summary:
      "The report of reached milestones and approved deliverables no invoice bills yet (of one project, or all)",
  },
  invoicePdf: {
    method: "GET",
    path: "/api/invoices/:id/pdf",
    pathParams: z.object({ id: invoiceId }),
    responses: { 200: pdfFile, ...fileResponses },
    metadata: access("staff"),
    summary: "An issued invoice or credit invoice as a PDF (an attachment named by its number)",
  },
  invoiceSie: {
    method: "GET",
    path: "/api/invoices/sie",
    query: siePeriodSchema,
    responses: { 200: sieFile, ...fileResponses },
    metadata: access("staff"),
    summary:
      "A SIE 4 file of the invoices issued and payments recorded from `from` to `to` (both included), for the accountant",
  },
});
