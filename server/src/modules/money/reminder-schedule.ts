import { addDays, stockholmDay } from "@app/contracts/stockholm-time";
import { type ExpressionBuilder, sql } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../../db/database";
import type { Tables } from "../../db/schema";
import type { Mailer } from "../../platform/mail/transport";
import { repeatingJob } from "../../platform/repeating-job";
import { isoAt } from "../../platform/values";
import { lockedOnPostgres } from "../auth/locks";
import { invoiceDocumentOf } from "./invoice-document-of";
import { type InvoiceMail, noteInvoiceMail, reminderText, sendInvoiceMail } from "./invoice-mail";

/** The schedule stops reminding of an invoice once it has had this many reminders (by hand included). */
const MAX_REMINDERS = 3;
const DAY_MS = 86_400_000;
/** How often the schedule looks for invoices to remind of. */
const CHECK_EVERY_MS = 10 * 60_000;

/** The stored states that still owe money ("overdue" is never stored, only derived from the due date). */
const UNPAID = ["issued", "partially_paid"] as const;

export type ReminderTick = { outcome: "off" | "busy" } | { outcome: "ran"; sent: number; failed: number };

interface Policy {
  days: number;
  includeCompensation: boolean;
}

async function policyOf(db: Database): Promise<Policy | undefined> {
  const row = await db
    .selectFrom("company_settings")
    .select(["reminder_days_after_due", "reminder_include_compensation"])
    .executeTakeFirst();
  if (!row?.reminder_days_after_due) return undefined;
  return {
    days: row.reminder_days_after_due,
    includeCompensation: Boolean(row.reminder_include_compensation),
  };
}

/**
 * What makes an invoice due for a reminder, as of `at`: unpaid, with a buyer address, at least `days`
 * past its due date, fewer than MAX_REMINDERS so far, and none in the last `days` days. The claim repeats
 * these conditions in its update, so they hold whoever else looked at the same moment.
 */
function dueForReminder(policy: Policy, at: number) {
  const dueOnOrBefore = addDays(stockholmDay(at), -policy.days);
  const remindedBefore = isoAt(at - policy.days * DAY_MS);
  return (eb: ExpressionBuilder<Tables, "invoices">) =>
    eb.and([
      eb("kind", "=", "invoice"),
      eb("status", "in", UNPAID),
      eb("buyer_email", "is not", null),
      eb("due_date", "<=", dueOnOrBefore),
      eb("reminder_count", "<", MAX_REMINDERS),
      eb.or([eb("last_reminded_at", "is", null), eb("last_reminded_at", "<=", remindedBefore)]),
    ]);
}

/**
 * Takes the invoice for this run: moves its reminder count and time in one conditional update, which
 * only one caller can win (PostgreSQL re-checks the conditions on the row a concurrent claim just wrote;
 * SQLite has one writer at a time). Answers the buyer's address and the time of the reminder before,
 * to put back if the mail cannot be sent; undefined when the invoice is no longer due (or was taken).
 */
function claim(db: Database, id: string, policy: Policy, at: number) {
  return db.withTransaction(async (trx) => {
    const before = await lockedOnPostgres(
      trx,
      trx.selectFrom("invoices").select("last_reminded_at").where("id", "=", id),
    ).executeTakeFirst();
    const claimed = await trx
      .updateTable("invoices")
      .set({ reminder_count: sql`reminder_count + 1`, last_reminded_at: isoAt(at) })
      .where("id", "=", id)
      .where(dueForReminder(policy, at))
      .returning("buyer_email")
      .executeTakeFirst();
    return claimed?.buyer_email && before
      ? { email: claimed.buyer_email, previous: before.last_reminded_at }
      : undefined;
  });
}

/**
 * Reminders the server sends by itself, when the company has turned them on (company_settings'
 * reminder_days_after_due): an unpaid invoice is reminded of that many days after its due date and again
 * every as many days, at most MAX_REMINDERS times, with the 450 kr compensation for a business buyer when
 * the settings say so. Several nodes may run it at once: each invoice is claimed before it is mailed.
 */
export function createReminderSchedule(deps: {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  now?: () => number;
}) {
  const { db, mailer, logger, now = Date.now } = deps;
  let running: Promise<unknown> | undefined;

  async function remind(id: string, policy: Policy, at: number): Promise<"sent" | "taken" | "failed"> {
    const claimed = await claim(db, id, policy, at);
    if (!claimed) return "taken";
    let mail: InvoiceMail;
    try {
      const { invoice, document } = await invoiceDocumentOf(db, id);
      const compensation = policy.includeCompensation && invoice.buyer_is_business;
      mail = {
        invoiceId: id,
        document,
        email: claimed.email,
        kind: "invoice_reminder",
        text: reminderText(invoice, compensation),
        actorId: null,
        actorRole: null,
        at: isoAt(at),
        scheduled: true,
      };
      await sendInvoiceMail({ mailer }, mail);
    } catch (err) {
      // Not sent: give the claim back, so the next run tries again.
      logger.error({ err, invoice: id }, "scheduled invoice reminder failed");
      await db
        .updateTable("invoices")
        .set({ reminder_count: sql`reminder_count - 1`, last_reminded_at: claimed.previous })
        .where("id", "=", id)
        .where("last_reminded_at", "=", isoAt(at))
        .execute()
        .catch((e) => logger.error({ err: e, invoice: id }, "could not release a failed reminder's claim"));
      return "failed";
    }
    // Sent: the claim stays even if the note cannot be written, so the buyer is not mailed twice.
    await noteInvoiceMail(db, mail).catch((err) =>
      logger.error({ err, invoice: id }, "could not note a scheduled reminder on the invoice's timeline"),
    );
    return "sent";
  }

  async function run(): Promise<ReminderTick> {
    const policy = await policyOf(db);
    if (!policy) return { outcome: "off" };
    const at = now();
    const due = await db
      .selectFrom("invoices")
      .select("id")
      .where(dueForReminder(policy, at))
      .orderBy("due_date")
      .orderBy("id")
      .execute();
    let sent = 0;
    let failed = 0;
    for (const { id } of due) {
      const result = await remind(id, policy, at);
      if (result === "sent") sent++;
      if (result === "failed") failed++;
    }
    if (sent + failed > 0) logger.info({ sent, failed }, "scheduled invoice reminders");
    return { outcome: "ran", sent, failed };
  }

  /** One run at a time in this process; another node's run is kept apart by the claims. */
  async function tick(): Promise<ReminderTick> {
    if (running) return { outcome: "busy" };
    const p = run();
    running = p.catch(() => undefined);
    try {
      return await p;
    } catch (err) {
      logger.error({ err }, "scheduled invoice reminders failed");
      return { outcome: "ran", sent: 0, failed: 1 };
    } finally {
      running = undefined;
    }
  }

  return { tick, ...repeatingJob(CHECK_EVERY_MS, tick, () => running) };
}
