import { randomUUID } from "node:crypto";
import { type Dashboard, DEAL_STAGES, tables } from "@app/contracts";
import { addDays, dayBounds, stockholmDay } from "@app/contracts/stockholm-time";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toStoredRow } from "../src/db/stored-values";
import { createTestContext, type TestContext } from "./helpers";
import { BUYER, invoiceApi } from "./support/invoice-api";
import { sampleRowWithParents } from "./support/sample-rows";

/**
 * The dashboard's one read answers what the screens' own data-API reads add up to on the seeded data,
 * summed over every row rather than a page of them.
 */
let ctx: TestContext;
let token = "";
let userId = "";

const api = (path: string) =>
  request(ctx.app).get(path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${token}`);
const rows = async <T>(path: string) => {
  const res = await api(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as T[];
};
const dashboard = async () => {
  const res = await api("/api/dashboard");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Dashboard;
};

const DAY_SECONDS = 24 * 60 * 60;
const LINE = { description: "Mix", quantity_milli: 1000, unit: "st", unit_price_ore: 100_000, vat_rate: 25 };

/**
 * Money the demo seed does not hold: invoices issued due today (two of them overdue once the clock has
 * moved on two days, one partly paid) and one due in a month; and two versions sent for approval, one of
 * whose links has expired.
 */
async function addReceivablesAndApprovals() {
  const money = await invoiceApi(ctx);
  const today = stockholmDay(ctx.clock.now());
  const issue = async (due_date: string) => {
    const id = await money.draft({ ...BUYER, due_date }, [LINE]);
    const res = await money.rpc("issue_invoice", { invoice_id: id });
    expect(res.status, res.text).toBe(200);
    return res.body as { id: string };
  };
  const [, partly] = [await issue(today), await issue(today), await issue(addDays(today, 30))];
  const paid = await money.rpc("record_invoice_payment", {
    invoice_id: partly?.id,
    amount_ore: 30_000,
    paid_on: today,
  });
  expect(paid.status, paid.text).toBe(200);
  const at = (days: number) => new Date(ctx.clock.now() + days * DAY_SECONDS * 1000).toISOString();
  const deliverable = { ...(await sampleRowWithParents(ctx.db, tables.deliverables)), id: randomUUID() };
  await ctx.db
    .insertInto("deliverables")
    .values(toStoredRow(tables.deliverables, deliverable, ctx.engine) as never)
    .execute();
  for (const [version, expires] of [at(7), at(-1)].entries()) {
    const row = {
      ...(await sampleRowWithParents(ctx.db, tables.deliverable_versions)),
      id: randomUUID(),
      deliverable_id: deliverable.id,
      version: version + 1,
      approval_state: "awaiting",
      approval_requested_at: at(-1),
      approval_expires_at: expires,
    };
    await ctx.db
      .insertInto("deliverable_versions")
      .values(toStoredRow(tables.deliverable_versions, row, ctx.engine) as never)
      .execute();
  }
  ctx.clock.advance(2 * DAY_SECONDS);
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  await addReceivablesAndApprovals();
  userId = randomUUID();
  token = await ctx.userToken({ role: "staff", userId });
});
afterAll(() => ctx.close());

describe("GET /api/dashboard", () => {
  it("answers what the data API's reads add up to: sessions, approvals, projects, pipeline, receivables", async () => {
    const figures = await dashboard();
    const day = stockholmDay(ctx.clock.now());
    expect(figures.day).toBe(day);

    const { from, to } = dayBounds(day);
    const sessions = await rows<{ id: string }>(
      `/rest/v1/studio_sessions?select=id&status=neq.cancelled&starts_at=lt.${encodeURIComponent(to)}&ends_at=gt.${encodeURIComponent(from)}&order=starts_at.asc,id.asc`,
    );
    expect(figures.sessions_today.map((s) => s.id)).toEqual(sessions.map((s) => s.id));
    expect(figures.sessions_today.every((s) => s.room_name.length > 0)).toBe(true);

    const awaiting = await rows<{ id: string }>(
      `/rest/v1/deliverable_versions?select=id&approval_state=eq.awaiting&approval_expires_at=gt.${encodeURIComponent(new Date(ctx.clock.now()).toISOString())}`,
    );
    expect(figures.open_approvals.total).toBe(awaiting.length);
    expect(awaiting.length).toBeGreaterThan(0);

    const active = await rows<{ id: string }>("/rest/v1/projects?select=id&status=eq.active");
    expect(figures.active_projects).toBe(active.length);

    const deals = await rows<{ stage: string; value_sek: number }>(
      "/rest/v1/crm_deals?select=stage,value_sek",
    );
    for (const stage of DEAL_STAGES) {
      const inStage = deals.filter((d) => d.stage === stage);
      expect(figures.pipeline.find((p) => p.stage === stage)).toEqual({
        stage,
        count: inStage.length,
        value_sek: inStage.reduce((sum, d) => sum + d.value_sek, 0),
      });
    }

    const open = await rows<{ total_ore: number; paid_ore: number; status: string }>(
      "/rest/v1/invoices?select=total_ore,paid_ore,status&kind=eq.invoice&status=in.(issued,partially_paid,overdue)",
    );
    const owing = (list: typeof open) => list.reduce((sum, i) => sum + i.total_ore - i.paid_ore, 0);
    const payments = await rows<{ amount_ore: number }>(
      `/rest/v1/invoice_payments?select=amount_ore&paid_on=gte.${day.slice(0, 8)}01`,
    );
    expect(open.some((i) => i.status === "overdue") && open.some((i) => i.status === "issued")).toBe(true);
    expect(figures.receivables).toEqual({
      outstanding_ore: owing(open),
      overdue_ore: owing(open.filter((i) => i.status === "overdue")),
      paid_this_month_ore: payments.reduce((sum, p) => sum + p.amount_ore, 0),
    });
  });

  it("counts every deal in the pipeline, past the most rows one list read returns", async () => {
    const before = await dashboard();
    const added = Array.from({ length: 600 }, (_, i) =>
      toStoredRow(
        tables.crm_deals,
        { id: randomUUID(), title: `Bulk ${i}`, stage: "prospect", value_sek: 10, position: 1000 + i },
        ctx.engine,
      ),
    );
    for (let i = 0; i < added.length; i += 200)
      await ctx.db
        .insertInto("crm_deals")
        .values(added.slice(i, i + 200) as never)
        .execute();
    const after = await dashboard();
    const prospects = (d: Dashboard) => d.pipeline.find((p) => p.stage === "prospect");
    expect(prospects(after)?.count).toBe((prospects(before)?.count ?? 0) + 600);
    expect(prospects(after)?.value_sek).toBe((prospects(before)?.value_sek ?? 0) + 6000);
  });

  it("lists the caller's own open work, soonest due first, with the total", async () => {
    const [project] = await rows<{ id: string }>("/rest/v1/projects?select=id&limit=1");
    const post = (table: string, body: object) =>
      request(ctx.app)
        .post(`/rest/v1/${table}`)
        .set("apikey", ctx.anonKey)
        .set("Authorization", `Bearer ${token}`)
        .set("Prefer", "return=representation")
        .send(body);
    for (const [title, due] of [
      ["Later", "2031-02-01"],
      ["Sooner", "2031-01-01"],
    ] as const) {
      const res = await post("project_milestones", {
        project_id: project?.id,
        title,
        due_date: due,
        assignee_id: userId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const tasks = (await dashboard()).my_tasks;
    expect(tasks.milestones.map((m) => m.title)).toEqual(["Sooner", "Later"]);
    expect(tasks.total).toBe(tasks.milestones.length + tasks.deliverables.length);
  });

  it("is for staff: no key or the anonymous key is refused, and a signed-in guest too", async () => {
    expect((await request(ctx.app).get("/api/dashboard")).status).toBe(401);
    const anon = await request(ctx.app)
      .get("/api/dashboard")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${ctx.anonKey}`);
    expect(anon.status).toBe(401);
    const guest = await ctx.userToken({ role: null });
    const res = await request(ctx.app)
      .get("/api/dashboard")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${guest}`);
    expect(res.status).toBe(403);
  });
});
