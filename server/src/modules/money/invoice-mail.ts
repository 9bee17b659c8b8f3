import { formatOre } from "@app/contracts";
import { stockholmDay } from "@app/contracts/stockholm-time";
import { sql } from "kysely";
import type { Database, Db } from "../../db/database";
import { AppError } from "../../http/app-error";
import type { RecordedActor } from "../../http/authorize";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limit";
import type { Mailer } from "../../platform/mail/transport";
import { sha256 } from "../../platform/secrets";
import { appendActivity } from "../crm/timeline";
import type { InvoiceDocument } from "./invoice-document";
import { invoiceDocumentOf } from "./invoice-document-of";
import { invoiceFileName } from "./invoice-files";
import type { Invoice } from "./invoice-store";
import { renderInvoicePdf } from "./render-invoice-pdf";

/** The statutory late-payment compensation a business buyer owes on a late invoice: 450 kr. */
const LATE_PAYMENT_COMPENSATION_ORE = 45_000;

export interface InvoiceMailDeps {
  db: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Invoice mails per recipient address and window. */
  mailRule: RateLimitRule;
  now: () => number;
}

/** Mails to one address are throttled, so the endpoint cannot be used to flood someone's inbox. */
async function throttle(deps: InvoiceMailDeps, email: string) {
  const verdict = await deps.limiter.hit(`invoice-mail:${sha256(email)}`, deps.mailRule);
  if (!verdict.allowed)
    throw new AppError("rate_limited", "Too many invoice mails to this address, please try again later", {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
}

/** An issued, unpaid invoice past its due date (the status every read derives). */
const isOverdue = (invoice: Invoice, today: string) =>
  invoice.kind === "invoice" &&
  ["issued", "partially_paid", "overdue"].includes(invoice.status) &&
  invoice.due_date !== null &&
  invoice.due_date < today;

interface InvoiceMailRequest {
  invoice_id: string;
  email: string;
  actor: RecordedActor;
  kind: "invoice" | "invoice_reminder";
  /** Refuses an invoice this mail is not for (before anything is sent or throttled). */
  check?: (invoice: Invoice, today: string) => void;
  /** A paragraph of the mail's own, also kept in the timeline note. */
  note?: (invoice: Invoice) => string;
}

/** The invoice as a mail: its PDF attached, and what the timeline says was sent. */
export interface InvoiceMail {
  invoiceId: string;
  document: InvoiceDocument;
  email: string;
  kind: "invoice" | "invoice_reminder";
  /** A paragraph of the mail's own, also kept in the timeline note. */
  text?: string;
  actorId: string | null;
  /** "service_role" when the service key, not a person, sent it. */
  actorRole: RecordedActor["actorRole"];
  at: string;
  /** Sent by the reminder schedule rather than by someone. */
  scheduled?: boolean;
}

/** Mails the invoice's PDF. */
export async function sendInvoiceMail(deps: Pick<InvoiceMailDeps, "mailer">, mail: InvoiceMail) {
  const { document, email, kind, text } = mail;
  const pdf = await renderInvoicePdf(document);
  await deps.mailer.send({
    kind,
    to: email,
    link: null,
    title: titleOf(document),
    ...(text ? { note: text } : {}),
    attachments: [
      {
        filename: invoiceFileName(document.number, document.kind),
        contentType: "application/pdf",
        content: pdf,
      },
    ],
  });
}

/** Notes on the invoice's timeline what was mailed to whom. */
export async function noteInvoiceMail(db: Db, mail: InvoiceMail) {
  const { email, kind, text } = mail;
  const title = titleOf(mail.document);
  const what = kind === "invoice" ? title : `Reminder of ${title}`;
  await appendActivity(db, {
    recordType: "invoices",
    recordId: mail.invoiceId,
    action: "note",
    changes: {},
    actorId: mail.actorId,
    actorRole: mail.actorRole,
    at: mail.at,
    note: `${what} mailed to ${email}${mail.scheduled ? " by the reminder schedule" : ""}.${text ? ` ${text}` : ""}`,
  });
}

const titleOf = (document: InvoiceDocument) =>
  `${document.kind === "credit" ? "Kreditfaktura" : "Faktura"} ${document.number}`;

/** A staff member's mail of one invoice: checked, throttled per address, sent and noted. */
async function mailInvoice(deps: InvoiceMailDeps, request: InvoiceMailRequest) {
  const { email, actor, kind } = request;
  const at = new Date(deps.now()).toISOString();
  const { invoice, document } = await invoiceDocumentOf(deps.db, request.invoice_id);
  request.check?.(invoice, stockholmDay(at));
  await throttle(deps, email);
  const text = request.note?.(invoice);
  const mail: InvoiceMail = { invoiceId: invoice.id, document, email, kind, ...actor, at, text };
  await sendInvoiceMail(deps, mail);
  // The note and the count together: a count without its note (or the reverse) would leave the schedule
  // and the timeline telling two stories of one mail.
  await deps.db.withTransaction(async (trx) => {
    await noteInvoiceMail(trx, mail);
    // A reminder by hand counts as much as a scheduled one: the schedule waits its interval after it.
    if (kind === "invoice_reminder")
      await trx
        .updateTable("invoices")
        .set({ reminder_count: sql`reminder_count + 1`, last_reminded_at: at })
        .where("id", "=", invoice.id)
        .execute();
  });
  return { invoice_id: invoice.id, email, sent_at: at };
}

/** What a reminder says: the due date and what is still owed, with the compensation when it is claimed. */
export function reminderText(
  invoice: Pick<Invoice, "due_date" | "total_ore" | "paid_ore">,
  includeCompensation: boolean,
) {
  const owed = invoice.total_ore - invoice.paid_ore;
  const lines = [`Förfallodatum ${invoice.due_date}. Kvar att betala: ${formatOre(owed)}.`];
  if (includeCompensation)
    lines.push(
      `Förseningsersättning: ${formatOre(LATE_PAYMENT_COMPENSATION_ORE)}.`,
      `Totalt att betala: ${formatOre(owed + LATE_PAYMENT_COMPENSATION_ORE)}.`,
    );
  return lines.join(" ");
}

/** send_invoice: an issued invoice (or credit) mailed to the buyer with its PDF attached. */
export function sendInvoice(
  deps: InvoiceMailDeps,
  input: { invoice_id: string; email: string },
  actor: RecordedActor,
) {
  return mailInvoice(deps, { ...input, actor, kind: "invoice" });
}

/**
 * send_invoice_reminder: a reminder of an overdue invoice with what is still owed; the 450 kr late-payment
 * compensation is added on request, and only for a business buyer (a consumer never owes it).
 */
export function sendInvoiceReminder(
  deps: InvoiceMailDeps,
  input: { invoice_id: string; email: string; include_compensation: boolean },
  actor: RecordedActor,
) {
  return mailInvoice(deps, {
    invoice_id: input.invoice_id,
    email: input.email,
    actor,
    kind: "invoice_reminder",
    check: (invoice, today) => {
      if (!isOverdue(invoice, today))
        throw new AppError("invalid_state", "Only an overdue invoice is reminded of", {
          details: `status is ${invoice.status}; due ${invoice.due_date}`,
        });
      if (input.include_compensation && !invoice.buyer_is_business)
        throw new AppError("compensation_not_owed", "Only a business buyer owes late-payment compensation", {
          details: "buyer_is_business is false",
        });
    },
    note: (invoice) => reminderText(invoice, input.include_compensation),
  });
}
