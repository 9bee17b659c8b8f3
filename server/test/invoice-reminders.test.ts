import { formatOre, type RowOf, type tables } from "@app/contracts";
import { addDays, stockholmDay } from "@app/contracts/stockholm-time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/database";
import { createLogger } from "../src/http/logger";
import { createReminderSchedule } from "../src/modules/money/reminder-schedule";
import { createMailer } from "../src/platform/mail/transport";
import { createTestContext, type TestContext } from "./helpers";
import { BUYER, invoiceApi } from "./support/invoice-api";
import { openOtherConnection } from "./support/test-database";

/**
 * Reminders the server sends by itself once the company turns them on: an unpaid invoice with a buyer
 * address, the set number of days past its due date, is reminded once per interval and at most three
 * times, however many nodes run the schedule at once; paid, credited and not yet late invoices never are.
 */

type Invoice = RowOf<typeof tables.invoices>;
const DAY = 24 * 3600;
let ctx: TestContext;
let api: Awaited<ReturnType<typeof invoiceApi>>;
let other: Database;
const LINE = { description: "Mix", quantity_milli: 1000, unit: "st", unit_price_ore: 100_000, vat_rate: 25 };
const fixtures = {} as Record<
  "business" | "consumer" | "noAddress" | "notYetDue" | "paid" | "credited",
  Invoice
>;

async function issued(email: string | null, fields: object = {}) {
  const id = await api.draft({ ...BUYER, buyer_email: email, ...fields }, [LINE]);
  const res = await api.rpc("issue_invoice", { invoice_id: id });
  expect(res.status, res.text).toBe(200);
  return res.body as Invoice;
}

/** A node of the schedule on its own connection, mailing through the product's mailer. */
const node = (
  db: Database,
  mailer = createMailer({ db, config: ctx.config, logger: silent, now: clock() }),
) => createReminderSchedule({ db, mailer, logger: silent, now: clock() });
const silent = createLogger("silent");
const clock = () => ctx.clock.now;

const mailsTo = (to: string) =>
  ctx.db
    .selectFrom("mail_outbox")
    .select(["kind", "text_body", "attachments"])
    .where("to_address", "=", to)
    .orderBy("created_at")
    .execute();
const remindersOf = (id: string) =>
  ctx.db
    .selectFrom("invoices")
    .select(["reminder_count", "last_reminded_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const kr = (ore: number) => formatOre(ore).replace(/\u00a0/g, " ");

/** Company settings as an administrator saves them (signed in afresh: the clock outlives tokens). */
async function saveSettings(changes: object) {
  api.tokens.admin = await ctx.userToken({ role: "admin" });
  const { id } = await ctx.db.selectFrom("company_settings").select("id").executeTakeFirstOrThrow();
  return api.call("admin", "patch", `/rest/v1/company_settings?id=eq.${id}`, changes);
}

async function setSchedule(days: number | null) {
  const res = await saveSettings({ reminder_days_after_due: days, reminder_include_compensation: true });
  expect(res.status, res.text).toBe(200);
  expect(res.body[0]).toMatchObject({ reminder_days_after_due: days, reminder_include_compensation: true });
}

beforeAll(async () => {
  ctx = await createTestContext({ seed: false, env: { RATE_LIMITS: "false" } });
  other = await openOtherConnection(ctx.databaseUrl);
  api = await invoiceApi(ctx);
  const today = stockholmDay(ctx.clock.now());
  fixtures.business = await issued("late@business.example", { buyer_is_business: true, due_date: today });
  fixtures.consumer = await issued("late@consumer.example", { buyer_is_business: false, due_date: today });
  fixtures.noAddress = await issued(null, { due_date: today });
  fixtures.notYetDue = await issued("soon@kund.example", { due_date: addDays(today, 5) });
  fixtures.paid = await issued("paid@kund.example", { due_date: today });
  const paid = await api.rpc("record_invoice_payment", {
    invoice_id: fixtures.paid.id,
    amount_ore: fixtures.paid.total_ore,
    paid_on: today,
  });
  expect(paid.status, paid.text).toBe(200);
  fixtures.credited = await issued("credited@kund.example", { due_date: today });
  expect((await api.rpc("credit_invoice", { invoice_id: fixtures.credited.id })).status).toBe(200);
  // Eight days on: the two reminded invoices are past the seven days; notYetDue is three days late.
  ctx.clock.advance(8 * DAY);
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

describe("the reminder schedule", () => {
  it("is off until the company names the days after the due date, and refuses days out of 1–90", async () => {
    expect(await node(ctx.db).tick()).toEqual({ outcome: "off" });
    expect(await mailsTo("late@business.example")).toEqual([]);
    for (const days of [0, 91, 2.5]) {
      const res = await saveSettings({ reminder_days_after_due: days });
      expect(res.status, String(days)).toBe(400);
    }
  });

  it("gives the claim back when the mail cannot be sent, so the next run tries again", async () => {
    await setSchedule(7);
    const broken = node(ctx.db, {
      send: () => Promise.reject(new Error("the outbox is unreachable")),
    });
    expect(await broken.tick()).toEqual({ outcome: "ran", sent: 0, failed: 2 });
    expect(await remindersOf(fixtures.business.id)).toEqual({ reminder_count: 0, last_reminded_at: null });
  });

  it("reminds each due invoice once when two nodes run at the same moment, compensation for a business", async () => {
    const nodes = [node(ctx.db), node(other)];
    const runs = await Promise.all(nodes.map((n) => n.tick()));
    const sent = runs.map((r) => (r.outcome === "ran" ? r.sent : 0));
    expect(sent.reduce((a, b) => a + b)).toBe(2);

    const [business] = await mailsTo("late@business.example");
    const [consumer, ...more] = await mailsTo("late@consumer.example");
    expect(more).toEqual([]);
    expect(business?.kind).toBe("invoice_reminder");
    const text = (business?.text_body ?? "").replace(/\u00a0/g, " ");
    expect(text).toContain(`Förseningsersättning: ${kr(45_000)}`);
    expect(text).toContain(`Totalt att betala: ${kr(fixtures.business.total_ore + 45_000)}`);
    expect(consumer?.text_body).not.toContain("Förseningsersättning");
    expect(JSON.parse(business?.attachments ?? "[]")).toHaveLength(1);
    for (const address of ["soon@kund.example", "paid@kund.example", "credited@kund.example"])
      expect(await mailsTo(address), address).toEqual([]);
    expect(await remindersOf(fixtures.noAddress.id)).toMatchObject({ reminder_count: 0 });

    const notes = await ctx.db
      .selectFrom("crm_activity")
      .select(["note", "actor_id"])
      .where("record_id", "=", fixtures.business.id)
      .where("action", "=", "note")
      .execute();
    expect(notes).toEqual([
      {
        note: expect.stringMatching(
          /^Reminder of Faktura A\d+ mailed to late@business\.example by the reminder schedule\./,
        ),
        actor_id: null,
      },
    ]);
    // Run again: nothing new until the interval has gone by.
    expect(await nodes[0]?.tick()).toEqual({ outcome: "ran", sent: 0, failed: 0 });
  });

  it("reminds again once per interval, at most three times, and reaches a late invoice when it is due", async () => {
    ctx.clock.advance(6 * DAY);
    // notYetDue is now nine days late: its first reminder; the others wait a seventh day.
    expect(await node(ctx.db).tick()).toEqual({ outcome: "ran", sent: 1, failed: 0 });
    expect(await mailsTo("soon@kund.example")).toHaveLength(1);
    for (const expected of [2, 3]) {
      ctx.clock.advance(1 * DAY);
      await node(other).tick();
      expect((await mailsTo("late@business.example")).length).toBe(expected);
      ctx.clock.advance(6 * DAY);
    }
    ctx.clock.advance(30 * DAY);
    await node(ctx.db).tick();
    expect(await mailsTo("late@business.example")).toHaveLength(3);
    expect(await remindersOf(fixtures.business.id)).toMatchObject({ reminder_count: 3 });
    for (const address of ["paid@kund.example", "credited@kund.example"])
      expect(await mailsTo(address), address).toEqual([]);
  });

  it("sends nothing once turned off again", async () => {
    api.tokens.staff = await ctx.userToken({ role: "staff" });
    const fresh = await issued("new@kund.example", { due_date: stockholmDay(ctx.clock.now()) });
    await setSchedule(null);
    ctx.clock.advance(30 * DAY);
    expect(await node(ctx.db).tick()).toEqual({ outcome: "off" });
    expect(await remindersOf(fresh.id)).toEqual({ reminder_count: 0, last_reminded_at: null });
  });
});
