import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dynamicTables } from "../src/db/dynamic-tables";
import { migrateTo, migrateToLatest, migrationNames } from "../src/db/migrate";
import { createTestContext, type TestContext } from "./helpers";
import { listenOnLoopback } from "./support/live-server";
import { openTestDatabase } from "./support/test-database";

/**
 * Projects on this run's engine through /rest/v1: codes numbered per year and never shared (even when
 * twenty projects are created at once over real HTTP), a lifecycle that only moves as it allows, milestone
 * billing shares held to the whole fee, the timeline, and a won deal turned into a project exactly once.
 */

let ctx: TestContext;
let staff: string;
let member: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  [staff, member] = await Promise.all([ctx.userToken({ role: "staff" }), ctx.userToken({ role: null })]);
});
afterAll(() => ctx.close());

type Method = "get" | "post" | "patch" | "delete";
const api = (method: Method, path: string, token: string | null = staff) => {
  const req = request(ctx.app)[method](path).set("apikey", ctx.anonKey);
  return (token ? req.set("Authorization", `Bearer ${token}`) : req).set("Prefer", "return=representation");
};

type Project = { id: string; code: string; status: string; updated_at: string; budget_ore: number };

async function newProject(body: object = {}): Promise<Project> {
  const res = await api("post", "/rest/v1/projects").send({ title: "Album mix", ...body });
  expect(res.status, res.text).toBe(201);
  return res.body[0];
}

async function newDeal(stage: string, value_sek = 85_000) {
  const company = await api("post", "/rest/v1/crm_companies").send({ name: `Label ${Math.random()}` });
  expect(company.status, company.text).toBe(201);
  const res = await api("post", "/rest/v1/crm_deals").send({
    title: "Writing camp",
    stage,
    value_sek,
    company_id: company.body[0].id,
  });
  expect(res.status, res.text).toBe(201);
  return res.body[0] as { id: string; company_id: string };
}

async function newContact() {
  const res = await api("post", "/rest/v1/crm_contacts").send({ first_name: "Alva", last_name: "Berg" });
  expect(res.status, res.text).toBe(201);
  return res;
}

type Activity = { action: string; changes: Record<string, { from: unknown; to: unknown }> };
const timelineOf = async (id: string): Promise<Activity[]> => {
  const res = await api(
    "get",
    `/rest/v1/crm_activity?record_type=eq.projects&record_id=eq.${id}&order=created_at.asc,id.asc`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body;
};

const countOf = async (table: "projects" | "project_milestones") =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const thisYear = () => new Date().getUTCFullYear();

describe("projects through the data API", () => {
  it("gives each new project the next code of its year, and refuses a code the client writes", async () => {
    const a = await newProject();
    const b = await newProject({ budget_ore: 2_500_000, fee_model: "daily", default_vat_rate: 6 });
    expect(a.code).toMatch(new RegExp(`^P-${thisYear()}-\\d{3,}$`));
    const number = (code: string) => Number(code.split("-")[2]);
    expect(number(b.code)).toBe(number(a.code) + 1);
    expect(b).toMatchObject({ budget_ore: 2_500_000, status: "lead", kind: "production" });

    const before = await countOf("projects");
    const forged = await api("post", "/rest/v1/projects").send({ title: "X", code: "P-2026-999" });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe("42501");
    const patched = await api("patch", `/rest/v1/projects?id=eq.${a.id}`).send({ code: "P-1999-001" });
    expect(patched.status).toBe(403);
    expect(await countOf("projects")).toBe(before);
  });

  it.each([
    ["budget_ore", { budget_ore: -1 }, "23514"],
    ["budget_ore", { budget_ore: 12.5 }, "22P02"],
    ["default_vat_rate", { default_vat_rate: 20 }, "22P02"],
    ["kind", { kind: "podcast" }, "22P02"],
    ["due_date", { start_date: "2026-05-02", due_date: "2026-05-01" }, "23514"],
  ])("refuses a bad %s with a 400, writing nothing", async (column, body, code) => {
    const before = await countOf("projects");
    const res = await api("post", "/rest/v1/projects").send({ title: "Bad", ...body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe(code);
    expect(`${res.body.message} ${res.body.details}`).toContain(column === "due_date" ? "projects" : column);
    expect(await countOf("projects")).toBe(before);
  });

  it("moves a project only along its lifecycle; closed and cancelled are final", async () => {
    const p = await newProject();
    const move = (status: string) => api("patch", `/rest/v1/projects?id=eq.${p.id}`).send({ status });
    const refused = await move("delivered");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "55000", message: "A Lead project cannot become Delivered" });
    for (const status of ["active", "delivered", "invoiced", "closed"]) {
      const res = await move(status);
      expect(res.status, res.text).toBe(200);
      expect(res.body[0].status).toBe(status);
    }
    for (const status of ["active", "cancelled", "lead"]) expect((await move(status)).status).toBe(409);

    const cancelled = await newProject({ status: "active" });
    const cancel = (status: string) =>
      api("patch", `/rest/v1/projects?id=eq.${cancelled.id}`).send({ status });
    expect((await cancel("cancelled")).status).toBe(200);
    expect((await cancel("active")).status).toBe(409);

    const late = await api("post", "/rest/v1/projects").send({ title: "Late", status: "invoiced" });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("55000");

    const moves = (await timelineOf(p.id)).map((row) => [row.action, row.changes.status?.to]);
    expect(moves).toEqual([
      ["created", "lead"],
      ["moved", "active"],
      ["moved", "delivered"],
      ["moved", "invoiced"],
      ["moved", "closed"],
    ]);
  });

  it("saves against the version read: a stale updated_at changes nothing", async () => {
    const p = await newProject();
    const fresh = await api("patch", `/rest/v1/projects?id=eq.${p.id}&updated_at=eq.${p.updated_at}`).send({
      notes: "first",
    });
    expect(fresh.body).toHaveLength(1);
    const stale = await api("patch", `/rest/v1/projects?id=eq.${p.id}&updated_at=eq.${p.updated_at}`).send({
      notes: "second",
    });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual([]);
    const read = await api("get", `/rest/v1/projects?id=eq.${p.id}&select=notes`);
    expect(read.body).toEqual([{ notes: "first" }]);
  });

  it("keeps a team of contacts in roles, each role once per person", async () => {
    const p = await newProject();
    const contact = await newContact();
    const add = (role: string) =>
      api("post", "/rest/v1/project_members").send({
        project_id: p.id,
        contact_id: contact.body[0].id,
        role,
        rate_ore: 95_000,
      });
    expect((await add("engineer")).status).toBe(201);
    expect((await add("producer")).status).toBe(201);
    const twice = await add("engineer");
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("23505");
    const team = await api("get", `/rest/v1/project_members?project_id=eq.${p.id}&order=role.asc`);
    expect(team.body.map((m: { role: string }) => m.role)).toEqual(["engineer", "producer"]);
    const memberRows = (await timelineOf(p.id)).filter((row) => row.changes.member);
    expect(memberRows.map((row) => row.changes.member?.to)).toEqual([
      { contact_id: contact.body[0].id, role: "engineer", rate_ore: 95_000 },
      { contact_id: contact.body[0].id, role: "producer", rate_ore: 95_000 },
    ]);
  });

  it("holds a project's milestone billing shares to 100 % in all, on insert and on change", async () => {
    const p = await newProject();
    const add = (title: string, billing_share_bp: number | null) =>
      api("post", "/rest/v1/project_milestones").send({ project_id: p.id, title, billing_share_bp });
    expect((await add("Signing", 3000)).status).toBe(201);
    const delivery = await add("Delivery", 7000);
    expect(delivery.status).toBe(201);
    expect((await add("Check-in", null)).status).toBe(201);

    const before = await countOf("project_milestones");
    const over = await add("Bonus", 1);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: "23514" });
    expect(over.body.details).toContain("100.01 %");
    expect(await countOf("project_milestones")).toBe(before);

    const raised = await api("patch", `/rest/v1/project_milestones?id=eq.${delivery.body[0].id}`).send({
      billing_share_bp: 7001,
    });
    expect(raised.status).toBe(400);
    const lowered = await api("patch", `/rest/v1/project_milestones?id=eq.${delivery.body[0].id}`).send({
      billing_share_bp: 6000,
    });
    expect(lowered.status, lowered.text).toBe(200);
    expect((await add("Bonus", 1000)).status).toBe(201);
  });

  it("refuses a versioned milestone edit that would bill more than the fee, saying how much is left", async () => {
    const p = await newProject();
    const add = (title: string, billing_share_bp: number) =>
      api("post", "/rest/v1/project_milestones").send({ project_id: p.id, title, billing_share_bp });
    expect((await add("Signing", 3000)).status).toBe(201);
    const delivery = (await add("Delivery", 5000)).body[0];
    const path = `/rest/v1/project_milestones?id=eq.${delivery.id}&updated_at=eq.${delivery.updated_at}`;
    const over = await api("patch", path).send({ title: "Final delivery", billing_share_bp: 7500 });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: "23514", hint: "At most 70 % is left to bill." });
    expect(over.body.details).toContain("105 %");
    const read = await api(
      "get",
      `/rest/v1/project_milestones?id=eq.${delivery.id}&select=title,billing_share_bp`,
    );
    expect(read.body).toEqual([{ title: "Delivery", billing_share_bp: 5000 }]);
    const edited = await api("patch", path).send({ title: "Final delivery", billing_share_bp: 7000 });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject([{ title: "Final delivery", billing_share_bp: 7000 }]);
  });

  it("gives a milestone an optional assignee, filterable for My Tasks and on the timeline", async () => {
    const p = await newProject();
    const assignee = "0b6c1f3e-2d4a-4e5f-8a9b-1c2d3e4f5a6b";
    const created = await api("post", "/rest/v1/project_milestones").send({
      project_id: p.id,
      title: "Mix approved",
      due_date: "2026-12-01",
      assignee_id: assignee,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body[0].assignee_id).toBe(assignee);
    const before = await countOf("project_milestones");
    const bad = await api("post", "/rest/v1/project_milestones").send({
      project_id: p.id,
      title: "Bad",
      assignee_id: "not-a-uuid",
    });
    expect(bad.status).toBe(400);
    expect(await countOf("project_milestones")).toBe(before);

    const unassign = await api("patch", `/rest/v1/project_milestones?id=eq.${created.body[0].id}`).send({
      assignee_id: null,
    });
    expect(unassign.status, unassign.text).toBe(200);
    const mine = await api(
      "get",
      `/rest/v1/project_milestones?assignee_id=eq.${assignee}&project_id=eq.${p.id}`,
    );
    expect(mine.body).toEqual([]);
    const rows = (await timelineOf(p.id)).filter((row) => row.changes.milestone);
    expect(
      rows.map((row) => (row.changes.milestone?.to as { assignee_id?: string | null } | null)?.assignee_id),
    ).toEqual([assignee, null]);
  });

  it("links studio sessions and portfolio works to a project", async () => {
    const p = await newProject();
    const room = await api("post", "/rest/v1/studio_rooms").send({ name: "Project room" });
    const session = await api("post", "/rest/v1/studio_sessions").send({
      title: "Tracking",
      room_id: room.body[0].id,
      starts_at: "2031-01-02T10:00:00.000Z",
      ends_at: "2031-01-02T12:00:00.000Z",
      project_id: p.id,
    });
    expect(session.status, session.text).toBe(201);
    const sessions = await api("get", `/rest/v1/studio_sessions?project_id=eq.${p.id}&select=title`);
    expect(sessions.body).toEqual([{ title: "Tracking" }]);
    const talent = await newContact();
    const work = await api("post", "/rest/v1/portfolio_items").send({
      talent_id: talent.body[0].id,
      title: "Night Drive",
      year: 2026,
      role: "Producer",
      project_id: p.id,
    });
    expect(work.status, work.text).toBe(201);
    const works = await api("get", `/rest/v1/portfolio_items?project_id=eq.${p.id}&select=title`);
    expect(works.body).toEqual([{ title: "Night Drive" }]);
  });

  it("shows nothing to anonymous callers or signed-in users without a staff role", async () => {
    await newProject();
    // PostgREST answers a missing grant 401 to the anonymous role and 403 to a signed-in one.
    for (const [token, status] of [
      [null, 401],
      [member, 403],
    ] as const) {
      for (const table of ["projects", "project_members", "project_milestones"]) {
        const res = await api("get", `/rest/v1/${table}`, token);
        expect([res.status, res.body.code]).toEqual([status, "42501"]);
      }
      const write = await api("post", "/rest/v1/projects", token).send({ title: "Sneaky" });
      expect(write.status).toBe(status);
    }
  });
});

describe("project_from_deal", () => {
  const fromDeal = (deal_id: string, token: string | null = staff) =>
    api("post", "/rest/v1/rpc/project_from_deal", token).send({ deal_id });

  it("turns a won deal into an active project with its title, client and value in öre, once", async () => {
    const deal = await newDeal("won", 85_000);
    const res = await fromDeal(deal.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      title: "Writing camp",
      company_id: deal.company_id,
      status: "active",
      budget_ore: 8_500_000,
      deal_id: deal.id,
    });
    expect(res.body.code).toMatch(/^P-\d{4}-\d{3,}$/);
    expect((await timelineOf(res.body.id)).map((row) => row.action)).toEqual(["created"]);

    const before = await countOf("projects");
    const again = await fromDeal(deal.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "23505",
      message: `This deal is already project ${res.body.code}`,
    });
    expect(await countOf("projects")).toBe(before);
  });

  it("refuses a deal that is not won, an unknown deal, a bad body and a caller who is not staff", async () => {
    const before = await countOf("projects");
    const open = await newDeal("negotiation");
    const notWon = await fromDeal(open.id);
    expect(notWon.status).toBe(409);
    expect(notWon.body).toMatchObject({ code: "55000", details: "stage is negotiation" });
    const unknown = await fromDeal("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    const bad = await fromDeal("not-a-uuid");
    expect(bad.status).toBe(400);
    for (const token of [null, member]) expect((await fromDeal(open.id, token)).status).toBeOneOf([401, 403]);
    expect(await countOf("projects")).toBe(before);
  });
});

describe("projects created at once over real HTTP", () => {
  let server: Awaited<ReturnType<typeof listenOnLoopback>>;
  beforeAll(async () => {
    server = await listenOnLoopback(ctx.app);
  });
  afterAll(() => server.close());

  const post = (path: string, body: object) =>
    fetch(`${server.base}${path}`, {
      method: "POST",
      headers: {
        apikey: ctx.anonKey,
        authorization: `Bearer ${staff}`,
        "content-type": "application/json",
        prefer: "return=representation",
      },
      body: JSON.stringify(body),
    });

  it("gives twenty projects twenty different codes, with no number skipped", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post("/rest/v1/projects", { title: `Racer ${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { code: string }[][];
    const codes = bodies.map((b) => b[0]?.code ?? "");
    const numbers = codes.map((code) => Number(code.split("-")[2])).sort((a, b) => a - b);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
    expect(new Set(codes).size).toBe(20);
  });

  it("lets only one of ten simultaneous calls turn a deal into a project", async () => {
    const deal = await newDeal("won");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post("/rest/v1/rpc/project_from_deal", { deal_id: deal.id })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const rows = await ctx.db.selectFrom("projects").select("id").where("deal_id", "=", deal.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe("the projects migration", () => {
  it("is undone by its down and done again by its up", async () => {
    const dir = mkdtempSync(join(tmpdir(), "projects-migration-"));
    const test = await openTestDatabase(dir);
    try {
      const names = migrationNames();
      const own = names.find((name) => name.endsWith("_add_projects")) as string;
      await migrateTo(test.db, names[names.indexOf(own) - 1] as string);
      await expect(dynamicTables(test.db).selectFrom("projects").selectAll().execute()).rejects.toThrow();
      await expect(
        dynamicTables(test.db).selectFrom("studio_sessions").select("project_id").execute(),
      ).rejects.toThrow();
      await migrateToLatest(test.db);
      expect(
        await dynamicTables(test.db).selectFrom("studio_sessions").select("project_id").execute(),
      ).toEqual([]);
    } finally {
      await test.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
