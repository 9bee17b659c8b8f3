import { milestoneAmountOre } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { invoiceApi } from "./support/invoice-api";

/**
 * A draft invoice from a project's finished work: each reached milestone billed at its share of the
 * budget (to the öre) and each approved deliverable once, and the "approved but not invoiced" report
 * that lists what is left, until a credit gives it back.
 */

let ctx: TestContext;
let api: Awaited<ReturnType<typeof invoiceApi>>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  api = await invoiceApi(ctx);
});
afterAll(() => ctx.close());

const post = (path: string, body: object) => api.call("staff", "post", path, body);
const patch = (path: string, body: object) => api.call("staff", "patch", path, body);
const rpc = (name: string, body: object) => api.rpc(name, body);
async function insert(table: string, body: object) {
  const res = await post(`/rest/v1/${table}`, body);
  expect(res.status, res.text).toBe(201);
  return res.body[0] as { id: string; code?: string };
}

/** A project of 33 333,33 kr with three milestones (one not reached) and two deliverables (one approved). */
async function project() {
  const company = await insert("crm_companies", { name: "Kund AB", city: "Uppsala" });
  const p = await insert("projects", {
    title: "Album mix",
    status: "active",
    company_id: company.id,
    budget_ore: 3_333_333,
    default_vat_rate: 25,
  });
  // Billed in the order they were reached.
  const reached = new Date(ctx.clock.now()).toISOString();
  const reachedBefore = new Date(ctx.clock.now() - 86_400_000).toISOString();
  const signing = await insert("project_milestones", {
    project_id: p.id,
    title: "Signing",
    billing_share_bp: 3333,
    reached_at: reachedBefore,
  });
  const mixes = await insert("project_milestones", {
    project_id: p.id,
    title: "Mixes",
    billing_share_bp: 4000,
    reached_at: reached,
  });
  await insert("project_milestones", { project_id: p.id, title: "Masters", billing_share_bp: 2667 });
  const master = await insert("deliverables", { project_id: p.id, kind: "master_wav", title: "Master" });
  await insert("deliverables", { project_id: p.id, kind: "stems", title: "Stems" });
  // The approval flow has its own tests; here the deliverable only needs to be approved.
  await ctx.db.updateTable("deliverables").set({ status: "approved" }).where("id", "=", master.id).execute();
  return { id: p.id, signing: signing.id, mixes: mixes.id, master: master.id };
}

const lines = (invoiceId: string) =>
  ctx.db
    .selectFrom("invoice_lines")
    .selectAll()
    .where("invoice_id", "=", invoiceId)
    .orderBy("position")
    .execute();

describe("invoice_from_project and approved_not_invoiced", () => {
  it("bills each reached milestone's share and each approved deliverable once, until a credit", async () => {
    const p = await project();
    const report = await rpc("approved_not_invoiced", { project_id: p.id });
    expect(report.status, report.text).toBe(200);
    const signingOre = milestoneAmountOre(3_333_333, 3333);
    expect(signingOre).toBe(1_111_000);
    expect(report.body.map((w: { id: string; amount_ore: number | null }) => [w.id, w.amount_ore])).toEqual([
      [p.signing, signingOre],
      [p.mixes, 1_333_333],
      [p.master, null],
    ]);

    const made = await rpc("invoice_from_project", { project_id: p.id });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({
      status: "draft",
      project_id: p.id,
      buyer_name: "Kund AB",
      buyer_city: "Uppsala",
      net_ore: signingOre + 1_333_333,
    });
    const billed = await lines(made.body.id);
    expect(billed.map((l) => [l.milestone_id, l.deliverable_id, Number(l.amount_ore)])).toEqual([
      [p.signing, null, signingOre],
      [p.mixes, null, 1_333_333],
      [null, p.master, 0],
    ]);

    expect((await rpc("approved_not_invoiced", { project_id: p.id })).body).toEqual([]);
    const again = await rpc("invoice_from_project", { project_id: p.id });
    expect(again.status).toBe(409);

    // Priced and issued it still bills the work; credited, the work is left to invoice again.
    const master = billed[2]?.id as string;
    expect((await patch(`/rest/v1/invoice_lines?id=eq.${master}`, { unit_price_ore: 500_000 })).status).toBe(
      200,
    );
    const addressed = await patch(`/rest/v1/invoices?id=eq.${made.body.id}`, {
      buyer_street_address: "Storgatan 2",
      buyer_postal_code: "753 20",
      delivery_date: "2026-11-20",
    });
    expect(addressed.status, addressed.text).toBe(200);
    const issued = await rpc("issue_invoice", { invoice_id: made.body.id });
    expect(issued.status, issued.text).toBe(200);
    expect(issued.body.net_ore).toBe(signingOre + 1_333_333 + 500_000);
    expect((await rpc("approved_not_invoiced", { project_id: p.id })).body).toEqual([]);
    expect((await rpc("credit_invoice", { invoice_id: made.body.id })).status).toBe(200);
    const left = await rpc("approved_not_invoiced", { project_id: p.id });
    expect(left.body.map((w: { id: string }) => w.id)).toEqual([p.signing, p.mixes, p.master]);
    const all = await rpc("approved_not_invoiced", {});
    expect(all.body).toEqual(expect.arrayContaining(left.body));
  });

  it("prices a line from an approved deliverable at its fee, and keeps an unpriced one at 0", async () => {
    const p = await project();
    const mix = await insert("deliverables", {
      project_id: p.id,
      kind: "tv_mix",
      title: "TV mix",
      fee_ore: 750_050,
    });
    await ctx.db.updateTable("deliverables").set({ status: "approved" }).where("id", "=", mix.id).execute();
    const report = await rpc("approved_not_invoiced", { project_id: p.id });
    const fees = report.body
      .filter((w: { kind: string }) => w.kind === "deliverable")
      .map((w: { id: string; amount_ore: number | null }) => [w.id, w.amount_ore]);
    expect(fees).toEqual([
      [p.master, null],
      [mix.id, 750_050],
    ]);
    const made = await rpc("invoice_from_project", { project_id: p.id });
    expect(made.status, made.text).toBe(200);
    const billed = (await lines(made.body.id)).filter((l) => l.deliverable_id !== null);
    expect(billed.map((l) => [l.deliverable_id, Number(l.unit_price_ore), Number(l.amount_ore)])).toEqual([
      [p.master, 0, 0],
      [mix.id, 750_050, 750_050],
    ]);
    expect(made.body.net_ore).toBe(milestoneAmountOre(3_333_333, 3333) + 1_333_333 + 750_050);
  });

  it("takes a deliverable's fee only as whole, non-negative öre", async () => {
    const p = await project();
    for (const [fee, code] of [
      [-1, "23514"],
      [12.5, "22P02"],
      ["100", "22P02"],
      [1_000_000_001, "23514"],
    ] as const) {
      const res = await post("/rest/v1/deliverables", {
        project_id: p.id,
        kind: "stems",
        title: "X",
        fee_ore: fee,
      });
      expect(res.status, `${fee} ${res.text}`).toBe(400);
      expect(res.body.code).toBe(code);
    }
    const stems = await insert("deliverables", { project_id: p.id, kind: "stems", title: "Stems" });
    const priced = await patch(`/rest/v1/deliverables?id=eq.${stems.id}`, { fee_ore: 1_000_000_000 });
    expect(priced.status, priced.text).toBe(200);
    expect(priced.body[0].fee_ore).toBe(1_000_000_000);
    const cleared = await patch(`/rest/v1/deliverables?id=eq.${stems.id}`, { fee_ore: null });
    expect(cleared.body[0].fee_ore).toBeNull();
    // The client approved the deliverable as it was, fee included: it is priced before approval.
    const late = await patch(`/rest/v1/deliverables?id=eq.${p.master}`, { fee_ore: 100 });
    expect(late.status).toBe(409);
  });

  it("refuses an unknown project (404) and one with nothing to invoice (409), writing nothing", async () => {
    const before = await ctx.db
      .selectFrom("invoices")
      .select(ctx.db.fn.countAll().as("n"))
      .executeTakeFirst();
    expect(
      (await rpc("invoice_from_project", { project_id: "00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(404);
    const idle = await insert("projects", { title: "Idle", status: "active" });
    expect((await rpc("invoice_from_project", { project_id: idle.id })).status).toBe(409);
    expect((await rpc("invoice_from_project", { project_id: "nope" })).status).toBe(400);
    const after = await ctx.db.selectFrom("invoices").select(ctx.db.fn.countAll().as("n")).executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});
