import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedMoney } from "../src/db/seed-money";
import { createTestContext, type TestContext } from "./helpers";
import { BUYER, invoiceApi } from "./support/invoice-api";

/**
 * An issued invoice and its lines never change, whatever form the write takes: bulk bodies, upserts,
 * filters that meet many rows at once. A write that meets an issued invoice anywhere is refused whole,
 * so the drafts it also met are left as they were; no row is ever created already issued.
 */

let ctx: TestContext;
let api: Awaited<ReturnType<typeof invoiceApi>>;
/** Series M holds one draft and one issued invoice, each with its lines; P a partly paid invoice. */
let draft: string;
let issued: string;
let paid: string;
let draftLine: string;
let issuedLine: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  api = await invoiceApi(ctx);
  draft = await api.draft({ ...BUYER, series: "M" }, [LINE]);
  issued = await api.draft({ ...BUYER, series: "M" }, [LINE, { ...LINE, description: "Stems" }]);
  paid = await api.draft({ ...BUYER, series: "P" }, [LINE]);
  for (const id of [issued, paid])
    expect((await api.rpc("issue_invoice", { invoice_id: id })).status).toBe(200);
  const payment = await api.rpc("record_invoice_payment", {
    invoice_id: paid,
    amount_ore: 100,
    paid_on: "2026-11-20",
  });
  expect(payment.body.status, payment.text).toBe("partially_paid");
  draftLine = (await api.stored.lines(draft))[0]?.id as string;
  issuedLine = (await api.stored.lines(issued))[0]?.id as string;
});
afterAll(() => ctx.close());

const LINE = { description: "Mix", quantity_milli: 1000, unit: "st", unit_price_ore: 100_000, vat_rate: 25 };

const MERGE = "resolution=merge-duplicates,return=representation";
const IGNORE = "resolution=ignore-duplicates,return=representation";

/** Every invoice row and line as stored, and the payments: what a refused write must leave alone. */
async function everything() {
  const [invoices, lines, payments] = await Promise.all([
    ctx.db.selectFrom("invoices").selectAll().orderBy("id").execute(),
    ctx.db.selectFrom("invoice_lines").selectAll().orderBy("id").execute(),
    ctx.db.selectFrom("invoice_payments").selectAll().orderBy("id").execute(),
  ]);
  return { invoices, lines, payments };
}

/** Runs the write and expects it refused with `status` and nothing stored changed. */
async function refusedWhole(
  write: () => PromiseLike<{ status: number; text: string; body: { code?: string } }>,
  status: number,
  code: string,
) {
  const before = await everything();
  const res = await write();
  expect(res.status, res.text).toBe(status);
  expect(res.body.code).toBe(code);
  expect(await everything()).toEqual(before);
}

const call = (...args: Parameters<typeof api.call>) => api.call(...args);
const upsert = (path: string, body: object, prefer: string) =>
  call("staff", "post", path, body).set("Prefer", prefer);

describe("invoices", () => {
  it.each([
    ["status", { status: "issued" }],
    ["number", { number: 99 }],
    ["ocr", { ocr: "1234574" }],
    ["paid_ore", { paid_ore: 100 }],
    ["kind", { kind: "credit" }],
    ["issued_at", { issued_at: "2026-11-20T10:00:00.000Z" }],
  ])("are never created with %s, however many rows the body holds (403)", async (_, issuedField) => {
    const rows = [{ ...BUYER }, { ...BUYER, ...issuedField }];
    await refusedWhole(() => call("staff", "post", "/rest/v1/invoices", rows), 403, "42501");
    for (const prefer of [MERGE, IGNORE])
      await refusedWhole(() => upsert("/rest/v1/invoices?on_conflict=id", rows, prefer), 403, "42501");
  });

  it("are not upserted over when issued: merge refuses the whole body (409), ignore leaves them be", async () => {
    const rows = [
      { id: draft, ...BUYER, buyer_name: "Merged AB" },
      { id: issued, ...BUYER, buyer_name: "Merged AB" },
    ];
    await refusedWhole(() => upsert("/rest/v1/invoices", rows, MERGE), 409, "55000");
    await refusedWhole(() => upsert("/rest/v1/invoices?on_conflict=id", [rows[1]], MERGE), 409, "55000");
    await refusedWhole(
      () => upsert("/rest/v1/invoices?on_conflict=id", [{ id: paid, ...BUYER }], MERGE),
      409,
      "55000",
    );
    const before = await everything();
    const ignored = await upsert(
      "/rest/v1/invoices?on_conflict=id",
      [rows[1], { id: paid, ...BUYER }],
      IGNORE,
    );
    expect(ignored.status, ignored.text).toBe(201);
    expect(ignored.body).toEqual([]);
    expect(await everything()).toEqual(before);
  });

  it("are not changed or deleted by a filter that meets a draft and an issued one (409), nor is the draft", async () => {
    for (const filter of [
      "series=eq.M",
      `id=in.(${draft},${issued})`,
      "buyer_name=eq.Kund AB",
      `id=eq.${paid}`,
    ]) {
      await refusedWhole(
        () => call("staff", "patch", `/rest/v1/invoices?${filter}`, { notes: "Bulk" }),
        409,
        "55000",
      );
      await refusedWhole(() => call("staff", "delete", `/rest/v1/invoices?${filter}`), 409, "55000");
    }
  });
});

describe("invoice_lines", () => {
  it("of an issued invoice are not added to in bulk, nor upserted over (409), and a draft's with them stay as they were", async () => {
    const rows = [
      { ...LINE, invoice_id: draft, description: "Added" },
      { ...LINE, invoice_id: issued, description: "Added" },
    ];
    await refusedWhole(() => call("staff", "post", "/rest/v1/invoice_lines", rows), 409, "55000");
    const merged = [
      { ...LINE, id: draftLine, invoice_id: draft, unit_price_ore: 1 },
      { ...LINE, id: issuedLine, invoice_id: issued, unit_price_ore: 1 },
    ];
    for (const path of ["/rest/v1/invoice_lines", "/rest/v1/invoice_lines?on_conflict=id"])
      await refusedWhole(() => upsert(path, merged, MERGE), 409, "55000");
    const before = await everything();
    const ignored = await upsert("/rest/v1/invoice_lines?on_conflict=id", [merged[1]], IGNORE);
    expect(ignored.status, ignored.text).toBe(201);
    expect(await everything()).toEqual(before);
  });

  it("of an issued invoice are not changed, moved or deleted by any filter (409)", async () => {
    for (const filter of [
      `invoice_id=in.(${draft},${issued})`,
      "description=eq.Mix",
      `id=eq.${issuedLine}`,
    ]) {
      await refusedWhole(
        () => call("staff", "patch", `/rest/v1/invoice_lines?${filter}`, { unit_price_ore: 1 }),
        409,
        "55000",
      );
      await refusedWhole(() => call("staff", "delete", `/rest/v1/invoice_lines?${filter}`), 409, "55000");
    }
    // Neither out of an issued invoice nor into one.
    await refusedWhole(
      () => call("staff", "patch", `/rest/v1/invoice_lines?id=eq.${issuedLine}`, { invoice_id: draft }),
      409,
      "55000",
    );
    await refusedWhole(
      () => call("staff", "patch", `/rest/v1/invoice_lines?id=eq.${draftLine}`, { invoice_id: issued }),
      409,
      "55000",
    );
  });
});

describe("invoice_payments", () => {
  it("are recorded only by record_invoice_payment: no insert, change or delete through the table (403)", async () => {
    const [payment] = (await everything()).payments;
    expect(payment).toBeDefined();
    for (const role of ["staff", "admin"] as const) {
      const row = { invoice_id: paid, amount_ore: 100, paid_on: "2026-11-21" };
      await refusedWhole(() => call(role, "post", "/rest/v1/invoice_payments", [row, row]), 403, "42501");
      await refusedWhole(
        () =>
          call(role, "post", "/rest/v1/invoice_payments", { ...row, id: payment?.id }).set("Prefer", MERGE),
        403,
        "42501",
      );
      await refusedWhole(
        () => call(role, "patch", `/rest/v1/invoice_payments?invoice_id=eq.${paid}`, { amount_ore: 1 }),
        403,
        "42501",
      );
      await refusedWhole(
        () => call(role, "delete", `/rest/v1/invoice_payments?id=eq.${payment?.id}`),
        403,
        "42501",
      );
    }
  });
});

describe("the demo seed", () => {
  it("run again, adds no line to a seeded invoice that was issued meanwhile", async () => {
    await ctx.db.withTransaction((trx) => seedMoney(trx, ctx.db.engine));
    const [seeded] = await ctx.db
      .selectFrom("invoices")
      .select("id")
      .where("buyer_name", "=", "Nordljus Records AB")
      .execute();
    const id = seeded?.id as string;
    const [first, ...rest] = await api.stored.lines(id);
    expect(rest.length).toBeGreaterThan(0);
    // Staff drop a line of the seeded draft, then issue it.
    expect((await call("staff", "delete", `/rest/v1/invoice_lines?id=eq.${first?.id}`)).status).toBe(200);
    const issue = await api.rpc("issue_invoice", { invoice_id: id });
    expect(issue.status, issue.text).toBe(200);
    const before = await everything();
    await ctx.db.withTransaction((trx) => seedMoney(trx, ctx.db.engine));
    expect(await everything()).toEqual(before);
  });
});
