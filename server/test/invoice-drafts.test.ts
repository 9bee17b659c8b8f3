import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { BUYER, invoiceApi } from "./support/invoice-api";

/**
 * save_invoice_draft: a draft's header and its whole list of lines in one transaction, against the
 * version the editor read. Any refusal leaves the draft, its lines and its timeline exactly as they were.
 */

let ctx: TestContext;
let api: Awaited<ReturnType<typeof invoiceApi>>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  api = await invoiceApi(ctx);
});
afterAll(() => ctx.close());

const MIX = { description: "Mix", quantity_milli: 2000, unit: "h", unit_price_ore: 100_000, vat_rate: 25 };
const MASTER = {
  description: "Master",
  quantity_milli: 1000,
  unit: "st",
  unit_price_ore: 50_000,
  vat_rate: 6,
};

const storedInvoice = (id: string) => api.stored.invoice(id);
const storedLines = (id: string) => api.stored.lines(id);
const timeline = (id: string) =>
  ctx.db.selectFrom("crm_activity").selectAll().where("record_id", "=", id).execute();

/** A draft as the editor reads it: its row (with the version) and its lines. */
async function readDraft(id: string) {
  const invoice = (await api.call("staff", "get", `/rest/v1/invoices?id=eq.${id}`)).body[0];
  return { invoice, lines: await storedLines(id) };
}

/** Everything a refused save must leave as it was. */
async function snapshot(id: string) {
  return { invoice: await storedInvoice(id), lines: await storedLines(id), timeline: await timeline(id) };
}

const save = (body: object) => api.rpc("save_invoice_draft", body);

describe("save_invoice_draft", () => {
  it("saves the header and the list of lines at once: updates, adds, deletes, totals and one timeline row", async () => {
    const id = await api.draft(BUYER, [MIX, MASTER]);
    const { invoice, lines } = await readDraft(id);
    const [mix, master] = lines;
    const res = await save({
      invoice_id: id,
      version: invoice.updated_at,
      changes: { buyer_name: "Ny Kund AB", round_to_kronor: false },
      lines: [
        { ...MASTER, id: master?.id, quantity_milli: 3000 },
        { description: "Studio", quantity_milli: 1500, unit: "h", unit_price_ore: 80_000, vat_rate: 25 },
      ],
    });
    expect(res.status, res.text).toBe(200);
    // 3 × 500 kr at 6 %; 1,5 h × 800 kr at 25 %.
    expect(res.body).toMatchObject({
      id,
      status: "draft",
      buyer_name: "Ny Kund AB",
      net_ore: 150_000 + 120_000,
      vat_ore: 9_000 + 30_000,
      total_ore: 309_000,
    });
    expect(res.body.updated_at > invoice.updated_at).toBe(true);
    const after = await storedLines(id);
    expect(after.map((line) => [line.position, line.description, line.amount_ore])).toEqual([
      [0, "Master", 150_000],
      [1, "Studio", 120_000],
    ]);
    expect(after[0]?.id).toBe(master?.id);
    expect(after.some((line) => line.id === mix?.id)).toBe(false);
    const steps = await timeline(id);
    expect(steps).toHaveLength(1);
    const changes = steps[0]?.changes;
    expect(typeof changes === "string" ? JSON.parse(changes) : changes).toMatchObject({
      buyer_name: { from: "Kund AB", to: "Ny Kund AB" },
      lines: { from: 2, to: 2 },
    });
    // The version moved: saving again against the one first read is stale.
    const again = await save({ invoice_id: id, version: invoice.updated_at, changes: {}, lines: [] });
    expect(again.status).toBe(409);
  });

  it("refuses a stale version (409) and writes nothing", async () => {
    const id = await api.draft(BUYER, [MIX]);
    const { invoice, lines } = await readDraft(id);
    const other = await api.call("staff", "patch", `/rest/v1/invoices?id=eq.${id}`, {
      notes: "Someone else",
    });
    expect(other.status, other.text).toBe(200);
    const before = await snapshot(id);
    const res = await save({
      invoice_id: id,
      version: invoice.updated_at,
      changes: { buyer_name: "Lost AB" },
      lines: [{ ...MIX, id: lines[0]?.id, unit_price_ore: 1 }],
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ code: "40001", message: expect.any(String) });
    expect(await snapshot(id)).toEqual(before);
  });

  it.each([
    ["a VAT rate that is not Swedish", { vat_rate: 20 }, 400],
    ["a quantity past the exact range", { quantity_milli: 10_000_001 }, 400],
    ["an amount the server keeps", { amount_ore: 1 }, 400],
    ["no description", { description: undefined }, 400],
    // Refused by the database, after the header and the line before it were written.
    ["a deliverable that does not exist", { deliverable_id: crypto.randomUUID() }, 409],
  ])("refuses a line with %s in the middle of the list and writes nothing", async (_, bad, status) => {
    const id = await api.draft(BUYER, [MIX, MASTER]);
    const { invoice, lines } = await readDraft(id);
    const before = await snapshot(id);
    const res = await save({
      invoice_id: id,
      version: invoice.updated_at,
      changes: { buyer_name: "Half AB" },
      lines: [
        { ...MIX, id: lines[0]?.id, unit_price_ore: 1 },
        { ...MASTER, ...bad },
        { description: "New", quantity_milli: 1000, unit: "st", unit_price_ore: 5, vat_rate: 25 },
      ],
    });
    expect(res.status, res.text).toBe(status);
    if (status === 400) expect(res.body.details).toContain("lines");
    else expect(res.body.code).toBe("23503");
    expect(await snapshot(id)).toEqual(before);
  });

  it.each([
    ["status", { status: "issued" }],
    ["number", { number: 1 }],
    ["ocr", { ocr: "1234574" }],
    ["total_ore", { total_ore: 1 }],
  ])("never takes %s in the header changes (400) and writes nothing", async (_, change) => {
    const id = await api.draft(BUYER, [MIX]);
    const { invoice } = await readDraft(id);
    const before = await snapshot(id);
    const res = await save({ invoice_id: id, version: invoice.updated_at, changes: change, lines: [] });
    expect(res.status, res.text).toBe(400);
    expect(await snapshot(id)).toEqual(before);
  });

  it("refuses an issued invoice as the table does (409) and writes nothing", async () => {
    const id = await api.draft(BUYER, [MIX]);
    const { invoice, lines } = await readDraft(id);
    const issued = await api.rpc("issue_invoice", { invoice_id: id });
    expect(issued.status, issued.text).toBe(200);
    const before = await snapshot(id);
    for (const version of [invoice.updated_at, issued.body.updated_at]) {
      const res = await save({
        invoice_id: id,
        version,
        changes: { buyer_name: "Other AB" },
        lines: [{ ...MIX, id: lines[0]?.id, unit_price_ore: 1 }],
      });
      expect(res.status, res.text).toBe(409);
      expect(res.body.code).toBe("55000");
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it("refuses a line of another invoice, or one listed twice (409), and writes nothing", async () => {
    const id = await api.draft(BUYER, [MIX]);
    const otherId = await api.draft(BUYER, [MASTER]);
    const { invoice, lines } = await readDraft(id);
    const foreign = (await storedLines(otherId))[0];
    const [before, otherBefore] = [await snapshot(id), await snapshot(otherId)];
    const attempts = [
      [{ ...MASTER, id: foreign?.id, unit_price_ore: 1 }],
      [
        { ...MIX, id: lines[0]?.id },
        { ...MIX, id: lines[0]?.id, unit_price_ore: 1 },
      ],
    ];
    for (const sent of attempts) {
      const res = await save({ invoice_id: id, version: invoice.updated_at, changes: {}, lines: sent });
      expect(res.status, res.text).toBe(409);
      expect(res.body.code).toBe("23505");
    }
    expect(await snapshot(id)).toEqual(before);
    expect(await snapshot(otherId)).toEqual(otherBefore);
  });

  it("answers 404 for an unknown invoice and is refused to anyone but staff", async () => {
    const id = await api.draft(BUYER, [MIX]);
    const { invoice } = await readDraft(id);
    const body = { invoice_id: id, version: invoice.updated_at, changes: { buyer_name: "X AB" }, lines: [] };
    expect((await save({ ...body, invoice_id: crypto.randomUUID() })).status).toBe(404);
    for (const role of ["anon", "member"] as const)
      expect([401, 403]).toContain((await api.rpc("save_invoice_draft", body, role)).status);
    expect((await storedInvoice(id)).buyer_name).toBe("Kund AB");
  });
});
