import { formatOre, type RowOf, type tables } from "@app/contracts";
import { stockholmDay } from "@app/contracts/stockholm-time";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { pdfText } from "./support/document-text";
import { type InvoiceRole, invoiceApi } from "./support/invoice-api";
import { SELLER } from "./support/seller";

/**
 * What an issued invoice becomes outside the ledger: its PDF with every field a Swedish invoice must
 * show, the SIE 4 file the accountant imports, and the mails to the buyer with the PDF attached.
 */

type Invoice = RowOf<typeof tables.invoices>;
let ctx: TestContext;
let api: Awaited<ReturnType<typeof invoiceApi>>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  api = await invoiceApi(ctx, { ...SELLER, f_skatt: true });
});
afterAll(() => ctx.close());

const BUYER = {
  buyer_name: "Kund AB",
  buyer_street_address: "Storgatan 2",
  buyer_postal_code: "111 22",
  buyer_city: "Uppsala",
  delivery_date: "2026-11-20",
  round_to_kronor: true,
};
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
const EU_BUYER = {
  ...BUYER,
  buyer_name: "Klangwerk GmbH",
  buyer_street_address: "Torstraße 5",
  buyer_postal_code: "10119",
  buyer_city: "Berlin",
  buyer_country: "DE",
  buyer_vat_number: "DE123456789",
  buyer_is_business: true,
  reverse_charge: true,
};

const call = (...args: Parameters<typeof api.call>) => api.call(...args);
const rpc = (...args: Parameters<typeof api.rpc>) => api.rpc(...args);
const binary = (role: InvoiceRole | "anon", path: string) =>
  call(role, "get", path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done(null, Buffer.concat(chunks)));
    });

const draft = (fields: object = BUYER, lines: object[] = LINES) => api.draft(fields, lines);
async function issued(fields: object = BUYER, lines: object[] = LINES) {
  const res = await rpc("issue_invoice", { invoice_id: await draft(fields, lines) });
  expect(res.status, res.text).toBe(200);
  return res.body as Invoice;
}
const kr = (ore: number) => formatOre(ore).replace(/\u00a0/g, " ");
const numberOf = (invoice: Invoice) => `${invoice.series}${invoice.number}`;
const today = () => stockholmDay(ctx.clock.now());

async function pdfOf(id: string) {
  const res = await binary("staff", `/api/invoices/${id}/pdf`);
  expect(res.status, String(res.body)).toBe(200);
  return { res, text: (await pdfText(res.body as Buffer)).text.replace(/\u00a0/g, " ") };
}

describe("GET /api/invoices/:id/pdf", () => {
  it("answers an issued invoice as a PDF named by its number, with every required field", async () => {
    const invoice = await issued();
    const { res, text } = await pdfOf(invoice.id);
    expect(res.headers["content-type"]).toMatch(/^application\/pdf/);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Faktura-${numberOf(invoice)}.pdf"`,
    );
    for (const field of [
      `Fakturanummer ${numberOf(invoice)}`,
      `Fakturadatum ${invoice.issue_date}`,
      `Leveransdatum ${BUYER.delivery_date}`,
      `Förfallodatum ${invoice.due_date}`,
      `OCR-nummer ${invoice.ocr}`,
      SELLER.name,
      `Org.nr ${SELLER.org_number}`,
      `Momsreg.nr ${SELLER.vat_number}`,
      `Bankgiro ${SELLER.bankgiro}`,
      "Godkänd för F-skatt",
      BUYER.buyer_name,
      BUYER.buyer_street_address,
      `${BUYER.buyer_postal_code} ${BUYER.buyer_city}`,
      ...LINES.map((l) => l.description),
      kr(invoice.total_ore),
    ])
      expect(text).toContain(field);
    expect(invoice.vat_breakdown).toHaveLength(2);
    for (const rate of invoice.vat_breakdown) {
      expect(text).toContain(kr(rate.taxable_ore));
      expect(text).toContain(kr(rate.vat_ore));
      expect(text).toContain(`${rate.vat_rate} %`);
    }
    expect(invoice.rounding_ore).not.toBe(0);
    expect(text).toContain(kr(invoice.rounding_ore));
    expect(text).not.toContain("Omvänd betalningsskyldighet");
  });

  it("prints a reverse-charge invoice with the legal text and both VAT numbers", async () => {
    const invoice = await issued(EU_BUYER, [{ ...LINES[0], vat_rate: 0 }]);
    const { text } = await pdfOf(invoice.id);
    expect(text).toContain("Omvänd betalningsskyldighet");
    expect(text).toContain(SELLER.vat_number);
    expect(text).toContain(EU_BUYER.buyer_vat_number);
    expect(text).toContain(kr(invoice.total_ore));
  });

  it("prints a credit invoice with the number of the invoice it credits", async () => {
    const original = await issued();
    const credit = await rpc("credit_invoice", { invoice_id: original.id });
    expect(credit.status, credit.text).toBe(200);
    const { res, text } = await pdfOf(credit.body.id);
    expect(res.headers["content-disposition"]).toContain(`Kreditfaktura-${numberOf(credit.body)}.pdf`);
    expect(text).toContain(`Krediterar faktura ${numberOf(original)} av ${original.issue_date}`);
    expect(text).toContain(kr(credit.body.total_ore));
  });

  it("refuses a draft (409), an unknown invoice (404) and anyone but staff", async () => {
    const draftId = await draft();
    const tooEarly = await call("staff", "get", `/api/invoices/${draftId}/pdf`);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body).toMatchObject({ code: "invalid_state", message: expect.any(String) });
    const unknown = await call("staff", "get", "/api/invoices/00000000-0000-4000-8000-000000000000/pdf");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "not_found" });
    const invoice = await issued();
    expect((await call("member", "get", `/api/invoices/${invoice.id}/pdf`)).status).toBe(403);
    expect((await call("anon", "get", `/api/invoices/${invoice.id}/pdf`)).status).toBe(401);
  });
});

/** A SIE file's vouchers: their header and their transactions' accounts and amounts in öre. */
function parseSie(bytes: Buffer) {
  const lines = iconv.decode(bytes, "cp437").split("\r\n");
  const vouchers: {
    series: string;
    text: string;
    date: string;
    trans: { account: string; ore: number }[];
  }[] = [];
  for (const line of lines) {
    const ver = line.match(/^#VER "(\w+)" \d+ (\d{8}) "(.*)"$/);
    if (ver)
      vouchers.push({ series: ver[1] as string, date: ver[2] as string, text: ver[3] as string, trans: [] });
    const trans = line.match(/^\s+#TRANS (\d{4}) \{\} (-?)(\d+)\.(\d\d)$/);
    if (trans)
      vouchers.at(-1)?.trans.push({
        account: trans[1] as string,
        ore: (trans[2] ? -1 : 1) * (Number(trans[3]) * 100 + Number(trans[4])),
      });
  }
  return { lines, vouchers };
}

describe("GET /api/invoices/sie", () => {
  it("books the period's invoices, credits and payments in balanced vouchers", async () => {
    const domestic = await issued();
    const eu = await issued(EU_BUYER, [{ ...LINES[0], vat_rate: 0 }]);
    const credit = (await rpc("credit_invoice", { invoice_id: eu.id })).body;
    const paid = await rpc("record_invoice_payment", {
      invoice_id: domestic.id,
      amount_ore: 10_000,
      paid_on: today(),
    });
    expect(paid.status, paid.text).toBe(200);
    const res = await binary("staff", `/api/invoices/sie?from=${today()}&to=${today()}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toContain(".se");
    const { lines, vouchers } = parseSie(res.body as Buffer);
    expect(lines).toContain("#SIETYP 4");
    expect(lines).toContain(`#ORGNR ${SELLER.org_number}`);
    expect(vouchers.length).toBeGreaterThan(3);
    for (const v of vouchers)
      expect(
        v.trans.reduce((sum, t) => sum + t.ore, 0),
        v.text,
      ).toBe(0);

    const issuedToday = await ctx.db
      .selectFrom("invoices")
      .select(["series", "number", "total_ore"])
      .where("issue_date", "=", today())
      .where("number", "is not", null)
      .execute();
    const invoiceVouchers = vouchers.filter((v) => v.series === "F");
    expect(invoiceVouchers).toHaveLength(issuedToday.length);
    for (const inv of [domestic, eu, credit]) {
      const v = invoiceVouchers.find((x) => x.text.includes(` ${numberOf(inv)} `));
      expect(v, numberOf(inv)).toBeDefined();
      expect(v?.trans.find((t) => t.account === "1510")?.ore).toBe(inv.total_ore);
    }
    const euVoucher = invoiceVouchers.find((x) => x.text.includes(` ${numberOf(eu)} `));
    expect(euVoucher?.trans.find((t) => t.account === "3308")?.ore).toBe(-eu.net_ore);
    const payments = vouchers.filter((v) => v.series === "I");
    const payment = payments.find((v) => v.text === `Betalning faktura ${numberOf(domestic)}`);
    expect(payment?.trans).toEqual(
      expect.arrayContaining([
        { account: "1930", ore: 10_000 },
        { account: "1510", ore: -10_000 },
      ]),
    );
  });

  it("leaves out what lies outside the period", async () => {
    const res = await binary("staff", "/api/invoices/sie?from=2020-01-01&to=2020-12-31");
    expect(res.status).toBe(200);
    const { lines, vouchers } = parseSie(res.body as Buffer);
    expect(lines).toContain("#SIETYP 4");
    expect(vouchers).toEqual([]);
  });

  it("answers a missing, malformed or inverted period with 400 in the API's shape, and only staff", async () => {
    for (const query of [
      "",
      "?from=2026-01-01",
      "?from=2026-13-45&to=2026-12-31",
      "?from=2026-12-31&to=2026-01-01",
    ]) {
      const res = await call("staff", "get", `/api/invoices/sie${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await call("member", "get", "/api/invoices/sie?from=2026-01-01&to=2026-12-31")).status).toBe(403);
  });
});

const mailsTo = (to: string) =>
  ctx.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).orderBy("created_at").execute();
const notesOf = (id: string) =>
  ctx.db
    .selectFrom("crm_activity")
    .select("note")
    .where("record_type", "=", "invoices")
    .where("record_id", "=", id)
    .where("action", "=", "note")
    .execute();

/** Two days on: invoices due today are overdue, and the staff sign in again (their token has expired). */
async function pastDue() {
  ctx.clock.advance(2 * 24 * 3600);
  api.tokens.staff = await ctx.userToken({ role: "staff" });
}

describe("send_invoice and send_invoice_reminder", () => {
  it("mails an issued invoice with its PDF attached and notes it on the invoice's timeline", async () => {
    const invoice = await issued();
    const res = await rpc("send_invoice", { invoice_id: invoice.id, email: "Ekonomi@Kund.example" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ invoice_id: invoice.id, email: "ekonomi@kund.example" });
    const [mail] = await mailsTo("ekonomi@kund.example");
    expect(mail?.kind).toBe("invoice");
    expect(mail?.subject).toContain(numberOf(invoice));
    expect(JSON.parse(mail?.attachments ?? "[]")).toEqual([
      {
        filename: `Faktura-${numberOf(invoice)}.pdf`,
        content_type: "application/pdf",
        size: expect.any(Number),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    expect((await notesOf(invoice.id)).map((n) => n.note)).toEqual([
      `Faktura ${numberOf(invoice)} mailed to ekonomi@kund.example.`,
    ]);
  });

  it("refuses a draft, an unknown invoice, a bad address and anyone but staff, mailing nothing", async () => {
    const draftId = await draft();
    expect((await rpc("send_invoice", { invoice_id: draftId, email: "a@kund.example" })).status).toBe(409);
    const unknown = { invoice_id: "00000000-0000-4000-8000-000000000000", email: "a@kund.example" };
    expect((await rpc("send_invoice", unknown)).status).toBe(404);
    const invoice = await issued();
    expect((await rpc("send_invoice", { invoice_id: invoice.id, email: "not mail" })).status).toBe(400);
    expect(
      (await rpc("send_invoice", { invoice_id: invoice.id, email: "a@kund.example" }, "member")).status,
    ).toBe(403);
    expect(await mailsTo("a@kund.example")).toEqual([]);
  });

  it("reminds only of an overdue invoice, with the 450 kr compensation for a business buyer only", async () => {
    const consumer = await issued({ ...BUYER, buyer_is_business: false, due_date: today() });
    const business = await issued({ ...BUYER, buyer_is_business: true, due_date: today() });
    const ask = (id: string, include_compensation: boolean) =>
      rpc("send_invoice_reminder", { invoice_id: id, email: "late@kund.example", include_compensation });
    const early = await ask(business.id, false);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("55000");

    await pastDue();
    const refused = await ask(consumer.id, true);
    expect(refused.status).toBe(422);
    expect(await mailsTo("late@kund.example")).toEqual([]);
    expect((await ask(consumer.id, false)).status).toBe(200);
    const withFee = await ask(business.id, true);
    expect(withFee.status, withFee.text).toBe(200);
    const mails = await mailsTo("late@kund.example");
    expect(mails.map((m) => m.kind)).toEqual(["invoice_reminder", "invoice_reminder"]);
    expect(mails[0]?.text_body).not.toContain("Förseningsersättning");
    const fee = (mails[1]?.text_body ?? "").replace(/\u00a0/g, " ");
    expect(fee).toContain(`Kvar att betala: ${kr(business.total_ore)}`);
    expect(fee).toContain(`Förseningsersättning: ${kr(45_000)}`);
    expect(fee).toContain(`Totalt att betala: ${kr(business.total_ore + 45_000)}`);
    expect(JSON.parse(mails[1]?.attachments ?? "[]")[0].filename).toBe(`Faktura-${numberOf(business)}.pdf`);
    expect((await notesOf(business.id))[0]?.note).toContain("Reminder of Faktura");

    const settled = await issued({ ...BUYER, due_date: today() });
    await rpc("record_invoice_payment", {
      invoice_id: settled.id,
      amount_ore: settled.total_ore,
      paid_on: today(),
    });
    await pastDue();
    expect((await ask(settled.id, false)).status).toBe(409);
  });
});

describe("invoice mails are rate-limited per address", () => {
  it("refuses the sixth mail to one address within ten minutes with 429", async () => {
    const limited = await createTestContext();
    try {
      const limitedApi = await invoiceApi(limited);
      const id = await limitedApi.draft(BUYER, LINES.slice(0, 1));
      expect((await limitedApi.rpc("issue_invoice", { invoice_id: id })).status).toBe(200);
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await limitedApi.rpc("send_invoice", { invoice_id: id, email: "flood@kund.example" })).status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
