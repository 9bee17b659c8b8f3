import { invoiceOcr, invoiceTotals } from "@app/contracts";
import { addDays, stockholmDay } from "@app/contracts/stockholm-time";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { BUYER, invoiceApi } from "./support/invoice-api";
import { SELLER } from "./support/seller";

/**
 * Invoices through the data API and their RPCs: drafts are the staff's to write; issuing numbers them
 * without gaps and checks every required field; an issued invoice and its lines never change; a credit
 * invoice nets one to zero; payments move it to paid and never past it.
 */

let ctx: TestContext;
let api: Awaited<ReturnType<typeof invoiceApi>>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  api = await invoiceApi(ctx);
});
afterAll(() => ctx.close());

const LINES = [
  { description: "Mix, per hour", quantity_milli: 7500, unit: "h", unit_price_ore: 95_050, vat_rate: 25 },
  {
    description: "Licence of the master",
    quantity_milli: 1000,
    unit: "st",
    unit_price_ore: 1_000_033,
    vat_rate: 6,
  },
];

const call = (...args: Parameters<typeof api.call>) => api.call(...args);
const rpc = (...args: Parameters<typeof api.rpc>) => api.rpc(...args);
const draft = (fields: object = BUYER, lines: object[] = LINES) => api.draft(fields, lines);

const storedInvoice = (id: string) => api.stored.invoice(id);
const storedLines = (id: string) => api.stored.lines(id);
const today = () => stockholmDay(ctx.clock.now());

describe("drafts", () => {
  it("keep their totals from their lines, VAT per rate, and follow a change of a line", async () => {
    const id = await draft({ ...BUYER, round_to_kronor: false });
    const expected = invoiceTotals(LINES as never, { reverseCharge: false, roundToKronor: false });
    const read = await call("staff", "get", `/rest/v1/invoices?id=eq.${id}`);
    expect(read.body[0]).toMatchObject({
      status: "draft",
      number: null,
      ocr: null,
      net_ore: expected.net_ore,
      vat_ore: expected.vat_ore,
      total_ore: expected.total_ore,
      vat_breakdown: expected.by_rate,
    });
    // 7,5 h × 950,50 kr = 7 128,75 kr at 25 %; 10 000,33 kr at 6 %.
    expect(expected.by_rate).toEqual([
      { vat_rate: 25, taxable_ore: 712_875, vat_ore: 178_219 },
      { vat_rate: 6, taxable_ore: 1_000_033, vat_ore: 60_002 },
    ]);
    const lineId = (await storedLines(id))[0]?.id;
    const changed = await call("staff", "patch", `/rest/v1/invoice_lines?id=eq.${lineId}`, {
      quantity_milli: 1000,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body[0].amount_ore).toBe(95_050);
    const rounded = await call("staff", "patch", `/rest/v1/invoices?id=eq.${id}`, { round_to_kronor: true });
    expect(rounded.status, rounded.text).toBe(200);
    const after = await storedInvoice(id);
    expect(after.net_ore).toBe(95_050 + 1_000_033);
    expect(after.total_ore % 100).toBe(0);
    expect(after.total_ore).toBe(after.net_ore + after.vat_ore + after.rounding_ore);
  });

  it.each([
    ["status", { status: "paid" }],
    ["number", { number: 7 }],
    ["ocr", { ocr: "1234574" }],
    ["total_ore", { total_ore: 1 }],
    ["paid_ore", { paid_ore: 1 }],
    ["kind", { kind: "credit" }],
    ["issue_date", { issue_date: "2026-01-01" }],
  ])(
    "never take %s from a client, on insert or PATCH (403), and nothing is written",
    async (column, change) => {
      const id = await draft();
      const before = await storedInvoice(id);
      const inserted = await call("staff", "post", "/rest/v1/invoices", { ...BUYER, ...change });
      expect(inserted.status).toBe(403);
      expect(inserted.body).toMatchObject({ code: "42501", details: expect.stringContaining(column) });
      const patched = await call("staff", "patch", `/rest/v1/invoices?id=eq.${id}`, change);
      expect(patched.status).toBe(403);
      expect(await storedInvoice(id)).toEqual(before);
      const line = await call("staff", "patch", `/rest/v1/invoice_lines?invoice_id=eq.${id}`, {
        amount_ore: 5,
      });
      expect(line.status).toBe(403);
    },
  );

  it("refuse a quantity or price past the exact range, a VAT rate that is not Swedish, and a 201st line", async () => {
    const id = await draft(BUYER, []);
    const line = { invoice_id: id, description: "x", quantity_milli: 1000, unit_price_ore: 1, vat_rate: 25 };
    for (const [column, change, code] of [
      ["quantity_milli", { quantity_milli: 10_000_001 }, "23514"],
      ["quantity_milli", { quantity_milli: 1.5 }, "22P02"],
      ["unit_price_ore", { unit_price_ore: 1_000_000_001 }, "23514"],
      ["vat_rate", { vat_rate: 20 }, "22P02"],
    ] as const) {
      const res = await call("staff", "post", "/rest/v1/invoice_lines", { ...line, ...change });
      expect(res.status, column).toBe(400);
      expect(res.body.code).toBe(code);
      expect(`${res.body.message} ${res.body.details}`).toContain(column);
    }
    expect(await storedLines(id)).toEqual([]);
    // The largest line there is, 200 times over, still sums exactly in öre.
    const largest = { ...line, quantity_milli: 10_000_000, unit_price_ore: 1_000_000_000 };
    const full = await call(
      "staff",
      "post",
      "/rest/v1/invoice_lines",
      Array.from({ length: 200 }, () => largest),
    );
    expect(full.status, full.text).toBe(201);
    expect((await storedInvoice(id)).total_ore).toBe(200 * 10_000_000_000_000 * 1.25);
    const more = await call("staff", "post", "/rest/v1/invoice_lines", line);
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({ code: "23514", details: expect.stringContaining("200 lines") });
    expect(await storedLines(id)).toHaveLength(200);
  });

  it("are deleted with their lines while they are drafts", async () => {
    const id = await draft();
    expect(await storedLines(id)).toHaveLength(2);
    const removed = await call("staff", "delete", `/rest/v1/invoices?id=eq.${id}`);
    expect(removed.status, removed.text).toBe(200);
    expect(await ctx.db.selectFrom("invoices").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await storedLines(id)).toEqual([]);
  });

  it("are refused to anyone but staff, and so are the RPCs", async () => {
    const id = await draft();
    for (const role of ["anon", "member"] as const) {
      const read = await call(role, "get", "/rest/v1/invoices");
      const write = await call(role, "post", "/rest/v1/invoices", BUYER);
      const issue = await rpc("issue_invoice", { invoice_id: id }, role);
      const pay = await rpc(
        "record_invoice_payment",
        { invoice_id: id, amount_ore: 1, paid_on: today() },
        role,
      );
      for (const res of [write, issue, pay]) expect([401, 403], `${role} ${res.text}`).toContain(res.status);
      // PostgREST answers a table the role may not read with 401/403 as well.
      expect([401, 403]).toContain(read.status);
    }
    const payments = await call("staff", "post", "/rest/v1/invoice_payments", {
      invoice_id: id,
      amount_ore: 1,
      paid_on: today(),
    });
    expect(payments.status).toBe(403);
    expect((await storedInvoice(id)).status).toBe("draft");
  });
});

describe("issue_invoice", () => {
  it("lists what a full invoice lacks (422) and writes nothing", async () => {
    const id = await draft({ buyer_name: "Kund AB" }, [{ ...LINES[0], vat_rate: 0 }]);
    const before = await storedInvoice(id);
    const res = await rpc("issue_invoice", { invoice_id: id });
    expect(res.status, res.text).toBe(422);
    expect(res.body.code).toBe("23514");
    for (const field of [
      "buyer_street_address",
      "buyer_postal_code",
      "buyer_city",
      "delivery_date",
      "exempt_reference",
    ])
      expect(res.body.details).toContain(field);
    expect(await storedInvoice(id)).toEqual(before);
    const missing = await rpc("issue_invoice", { invoice_id: crypto.randomUUID() });
    expect(missing.status).toBe(404);
  });

  it("takes the next number and OCR, the dates, the totals and the seller as printed", async () => {
    const id = await draft({ ...BUYER, series: "N" });
    const res = await rpc("issue_invoice", { invoice_id: id });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      id,
      status: "issued",
      series: "N",
      number: 1,
      ocr: invoiceOcr("N", 1),
      issue_date: today(),
      due_date: addDays(today(), 30),
      seller: expect.objectContaining({
        name: SELLER.name,
        vat_number: SELLER.vat_number,
        bankgiro: SELLER.bankgiro,
      }),
    });
    const again = await rpc("issue_invoice", { invoice_id: id });
    expect(again.status).toBe(409);
    const second = await rpc("issue_invoice", { invoice_id: await draft({ ...BUYER, series: "N" }) });
    expect(second.body.number).toBe(2);
  });

  it("issues a reverse-charge invoice only with the buyer's VAT number, a foreign buyer and no VAT", async () => {
    const eu = { ...BUYER, series: "R", reverse_charge: true, buyer_country: "DE" };
    const lines = [{ ...LINES[0], vat_rate: 0 }];
    const refused = await rpc("issue_invoice", { invoice_id: await draft(eu, lines) });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toContain("buyer_vat_number");
    const res = await rpc("issue_invoice", {
      invoice_id: await draft({ ...eu, buyer_vat_number: "DE123456789" }, lines),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      vat_ore: 0,
      net_ore: 712_875,
      number: 1,
      buyer_vat_number: "DE123456789",
    });
  });

  it("numbers 20 concurrent issues of one series 1 to 20: no gap, no duplicate", async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => draft({ ...BUYER, series: "C" }, LINES.slice(0, 1))),
    );
    const answers = await Promise.all(ids.map((invoice_id) => rpc("issue_invoice", { invoice_id })));
    for (const res of answers) expect(res.status, res.text).toBe(200);
    const numbers = answers.map((res) => res.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(answers.map((res) => res.body.ocr)).size).toBe(20);
  });
});

describe("an issued invoice", () => {
  it("is never changed or deleted through the table, nor are its lines (409), and nothing changes", async () => {
    const id = await draft({ ...BUYER, series: "F" });
    expect((await rpc("issue_invoice", { invoice_id: id })).status).toBe(200);
    const [invoice, lines] = [await storedInvoice(id), await storedLines(id)];
    const lineId = lines[0]?.id;
    const attempts = [
      call("staff", "patch", `/rest/v1/invoices?id=eq.${id}`, { buyer_name: "Other AB" }),
      call("staff", "delete", `/rest/v1/invoices?id=eq.${id}`),
      call("staff", "post", "/rest/v1/invoices", { id, ...BUYER, buyer_name: "Other AB" }).set(
        "Prefer",
        "resolution=merge-duplicates,return=representation",
      ),
      call("staff", "patch", `/rest/v1/invoice_lines?id=eq.${lineId}`, { unit_price_ore: 1 }),
      call("staff", "delete", `/rest/v1/invoice_lines?invoice_id=eq.${id}`),
      call("staff", "post", "/rest/v1/invoice_lines", { ...LINES[0], invoice_id: id }),
      call("staff", "post", "/rest/v1/invoice_lines", {
        ...lines[0],
        ...LINES[0],
        unit_price_ore: 1,
        amount_ore: undefined,
        created_at: undefined,
        updated_at: undefined,
      }).set("Prefer", "resolution=merge-duplicates,return=representation"),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, res.text).toBe(409);
      expect(res.body.code).toBe("55000");
    }
    expect(await storedInvoice(id)).toEqual(invoice);
    expect(await storedLines(id)).toEqual(lines);
  });

  it("reads as overdue once its due date has passed, while its stored status stays issued", async () => {
    const id = await draft({ ...BUYER, series: "O", due_date: addDays(today(), 1) });
    expect((await rpc("issue_invoice", { invoice_id: id })).status).toBe(200);
    expect((await call("staff", "get", `/rest/v1/invoices?id=eq.${id}&select=status`)).body).toEqual([
      { status: "issued" },
    ]);
    ctx.clock.advance(3 * 24 * 3600);
    try {
      api.tokens.staff = await ctx.userToken({ role: "staff" });
      const read = await call("staff", "get", `/rest/v1/invoices?status=eq.overdue&select=id,status`);
      expect(read.body).toEqual([{ id, status: "overdue" }]);
      expect((await storedInvoice(id)).status).toBe("issued");
    } finally {
      ctx.clock.advance(-3 * 24 * 3600);
      api.tokens.staff = await ctx.userToken({ role: "staff" });
    }
  });
});

describe("credit_invoice", () => {
  it("issues a credit with the lines negated that nets the original to zero, once", async () => {
    const id = await draft({ ...BUYER, series: "K", round_to_kronor: true });
    const original = (await rpc("issue_invoice", { invoice_id: id })).body;
    const res = await rpc("credit_invoice", { invoice_id: id });
    expect(res.status, res.text).toBe(200);
    const credit = res.body;
    expect(credit).toMatchObject({
      kind: "credit",
      credits_invoice_id: id,
      status: "issued",
      series: "K",
      number: original.number + 1,
      ocr: null,
      buyer_name: BUYER.buyer_name,
    });
    for (const column of ["net_ore", "vat_ore", "rounding_ore", "total_ore"])
      expect(credit[column] + original[column], column).toBe(0);
    const creditLines = await storedLines(credit.id);
    expect(creditLines.map((l) => l.quantity_milli)).toEqual(LINES.map((l) => -l.quantity_milli));
    expect(
      creditLines.reduce((sum, l) => sum + l.amount_ore, 0) +
        (await storedLines(id)).reduce((s, l) => s + l.amount_ore, 0),
    ).toBe(0);
    expect((await storedInvoice(id)).status).toBe("credited");
    for (const invoice_id of [id, credit.id])
      expect((await rpc("credit_invoice", { invoice_id })).status).toBe(409);
    expect((await rpc("credit_invoice", { invoice_id: await draft() })).status).toBe(409);
  });
});

describe("an invoice of a project", () => {
  it("bills the project and its milestones, keeps both on its credit, and holds them from deletion", async () => {
    const milestone = await ctx.db
      .selectFrom("project_milestones")
      .select(["id", "project_id"])
      .executeTakeFirstOrThrow();
    const id = await draft({ ...BUYER, series: "M", project_id: milestone.project_id }, [
      { ...LINES[0], milestone_id: milestone.id },
    ]);
    expect((await rpc("issue_invoice", { invoice_id: id })).status).toBe(200);
    const credit = (await rpc("credit_invoice", { invoice_id: id })).body;
    expect(credit.project_id).toBe(milestone.project_id);
    expect((await storedLines(credit.id)).map((line) => line.milestone_id)).toEqual([milestone.id]);
    // Each step is on the invoice's timeline and on its project's.
    const steps = await ctx.db
      .selectFrom("crm_activity")
      .select(["record_type", "record_id", "action", "changes"])
      .where("record_id", "in", [id, credit.id, milestone.project_id])
      .orderBy("created_at")
      .execute();
    const onInvoice = steps
      .filter((step) => step.record_id === id)
      .map((step) => (typeof step.changes === "string" ? JSON.parse(step.changes) : step.changes).status);
    expect(onInvoice).toEqual([
      { from: "draft", to: "issued" },
      { from: "issued", to: "credited" },
    ]);
    expect(steps.filter((step) => step.record_id === credit.id).map((step) => step.action)).toEqual([
      "moved",
    ]);
    expect(
      steps.filter((step) => step.record_type === "projects" && step.record_id === milestone.project_id)
        .length,
    ).toBeGreaterThanOrEqual(3);
    const unknown = await call("staff", "post", "/rest/v1/invoices", {
      ...BUYER,
      project_id: crypto.randomUUID(),
    });
    expect(unknown.status).toBe(409);
    expect(unknown.body.code).toBe("23503");
    const removed = await call("staff", "delete", `/rest/v1/projects?id=eq.${milestone.project_id}`);
    expect(removed.status).toBeGreaterThanOrEqual(400);
    expect(removed.status).toBeLessThan(500);
    expect(
      await ctx.db.selectFrom("projects").select("id").where("id", "=", milestone.project_id).execute(),
    ).toHaveLength(1);
  });
});

describe("record_invoice_payment", () => {
  it("takes partial payments to paid, refuses more than is owed, and matches a payment by its OCR", async () => {
    const id = await draft({ ...BUYER, series: "P" }, LINES.slice(0, 1));
    const issued = (await rpc("issue_invoice", { invoice_id: id })).body;
    const unissued = await rpc("record_invoice_payment", {
      invoice_id: await draft(),
      amount_ore: 100,
      paid_on: today(),
    });
    expect(unissued.status).toBe(409);
    const first = await rpc("record_invoice_payment", {
      invoice_id: id,
      amount_ore: 100_000,
      paid_on: today(),
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ status: "partially_paid", paid_ore: 100_000 });
    const over = await rpc("record_invoice_payment", {
      invoice_id: id,
      amount_ore: issued.total_ore - 100_000 + 1,
      paid_on: today(),
    });
    expect(over.status, over.text).toBe(422);
    expect(over.body.code).toBe("23514");
    for (const body of [
      { amount_ore: 0 },
      { amount_ore: 1.5 },
      { amount_ore: 1, paid_on: "yesterday" },
      { amount_ore: 1, ocr: issued.ocr },
    ]) {
      const bad = await rpc("record_invoice_payment", { invoice_id: id, paid_on: today(), ...body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const mistyped = `${issued.ocr.slice(0, -1)}${(Number(issued.ocr.at(-1)) + 1) % 10}`;
    const wrongOcr = await rpc("record_invoice_payment", { ocr: mistyped, amount_ore: 1, paid_on: today() });
    expect(wrongOcr.status).toBe(400);
    expect(
      await ctx.db.selectFrom("invoice_payments").selectAll().where("invoice_id", "=", id).execute(),
    ).toHaveLength(1);
    const rest = await rpc("record_invoice_payment", {
      ocr: issued.ocr,
      amount_ore: issued.total_ore - 100_000,
      paid_on: today(),
    });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body).toMatchObject({ id, status: "paid", paid_ore: issued.total_ore });
    // 7,5 h × 950,50 kr with 25 % VAT is 8 910,94 kr, rounded to 8 911 kr: 7 911 kr were still owed.
    expect(issued.total_ore).toBe(891_100);
    const payments = await call(
      "staff",
      "get",
      `/rest/v1/invoice_payments?invoice_id=eq.${id}&order=amount_ore.desc`,
    );
    expect(payments.body).toMatchObject([
      { amount_ore: 791_100, reference: issued.ocr, paid_on: today() },
      { amount_ore: 100_000, reference: null },
    ]);
    const paidAgain = await rpc("record_invoice_payment", {
      invoice_id: id,
      amount_ore: 1,
      paid_on: today(),
    });
    expect(paidAgain.status).toBe(422);
  });
});
