import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "@supabase/supabase-js";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

/** The CRM tables on this run's engine: rules beyond the policy, and the timeline every change writes. */

let ctx: TestContext;
let staff: string;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
});
afterAll(() => ctx.close());

const api = (method: "get" | "post" | "patch" | "delete", path: string, token = staff) =>
  request(ctx.app)[method](path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${token}`);
const representation = { Prefer: "return=representation" };

async function insert(table: string, row: object) {
  const res = await api("post", `/rest/v1/${table}`).set(representation).send(row);
  expect(res.status, res.text).toBe(201);
  return res.body[0] as Record<string, unknown> & { id: string; updated_at: string };
}

async function timeline(recordId: string) {
  const res = await api("get", `/rest/v1/crm_activity?record_id=eq.${recordId}&order=created_at.asc`);
  expect(res.status).toBe(200);
  return res.body as {
    action: string;
    changes: Record<string, { from: unknown; to: unknown }>;
    actor_id: string;
  }[];
}

describe("the timeline", () => {
  it("records a create, a stage move (before → after) and an update of a deal, with who did it", async () => {
    const deal = await insert("crm_deals", { title: "Sync for a Malmö brand", value_sek: 40_000 });
    expect(deal.stage).toBe("prospect");
    const moved = await api("patch", `/rest/v1/crm_deals?id=eq.${deal.id}`)
      .set(representation)
      .send({ stage: "won" });
    expect(moved.body[0].stage).toBe("won");
    await api("patch", `/rest/v1/crm_deals?id=eq.${deal.id}`).send({ value_sek: 45_000 });
    const rows = await timeline(deal.id);
    expect(rows.map((r) => r.action)).toEqual(["created", "moved", "updated"]);
    expect(rows[1]?.changes).toEqual({ stage: { from: "prospect", to: "won" } });
    expect(rows[2]?.changes).toEqual({ value_sek: { from: 40_000, to: 45_000 } });
    expect(new Set(rows.map((r) => r.actor_id)).size).toBe(1);
  });

  it("writes nothing when the change is refused: a bad stage, a stale copy", async () => {
    const brief = await insert("crm_briefs", { title: "Jingle" });
    const bad = await api("patch", `/rest/v1/crm_briefs?id=eq.${brief.id}`).send({ status: "abandoned" });
    expect(bad.status).toBe(400);
    const first = await api(
      "patch",
      `/rest/v1/crm_briefs?id=eq.${brief.id}&updated_at=eq.${brief.updated_at}`,
    )
      .set(representation)
      .send({ status: "sourcing" });
    expect(first.body).toHaveLength(1);
    const stale = await api(
      "patch",
      `/rest/v1/crm_briefs?id=eq.${brief.id}&updated_at=eq.${brief.updated_at}`,
    )
      .set(representation)
      .send({ status: "shipped" });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual([]);
    const current = await api("get", `/rest/v1/crm_briefs?id=eq.${brief.id}&select=status`);
    expect(current.body).toEqual([{ status: "sourcing" }]);
    expect((await timeline(brief.id)).map((r) => r.action)).toEqual(["created", "moved"]);
  });

  it("calls archiving and restoring by their names", async () => {
    const company = await insert("crm_companies", { name: "Vinyl & Co", kind: "label" });
    await api("patch", `/rest/v1/crm_companies?id=eq.${company.id}`).send({
      archived_at: new Date().toISOString(),
    });
    await api("patch", `/rest/v1/crm_companies?id=eq.${company.id}`).send({ archived_at: null });
    expect((await timeline(company.id)).map((r) => r.action)).toEqual(["created", "archived", "restored"]);
  });

  it("moves a contact's last activity when it changes or a deal about it does", async () => {
    const contact = await insert("crm_contacts", { first_name: "Tove", last_name: "Berg", kind: "industry" });
    expect(contact.last_activity_at).toEqual(expect.any(String));
    const before = contact.last_activity_at as string;
    ctx.clock.advance(60);
    await insert("crm_deals", { title: "Tove's EP", contact_id: contact.id });
    const after = await api("get", `/rest/v1/crm_contacts?id=eq.${contact.id}&select=last_activity_at`);
    expect(after.body[0].last_activity_at > before).toBe(true);
  });

  it("is read-only through the data API, even for admins", async () => {
    const admin = await ctx.userToken({ role: "admin" });
    const row = { record_type: "crm_deals", record_id: crypto.randomUUID(), action: "note" };
    const res = await api("post", "/rest/v1/crm_activity", admin).send(row);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("42501");
    const remove = await api("delete", "/rest/v1/crm_activity?action=eq.created", admin);
    expect(remove.status).toBe(403);
    expect((await api("get", "/rest/v1/crm_activity?action=eq.created&limit=1")).body).toHaveLength(1);
  });
});

describe("notes (POST /rest/v1/rpc/add_crm_note)", () => {
  it("adds a note to a record's timeline, as the contact's activity too", async () => {
    const contact = await insert("crm_contacts", { first_name: "Ines", last_name: "Dahl" });
    ctx.clock.advance(120);
    const res = await api("post", "/rest/v1/rpc/add_crm_note").send({
      record_type: "crm_contacts",
      record_id: contact.id,
      body: "Met at Fasching; wants a co-write in May.",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ action: "note", note: "Met at Fasching; wants a co-write in May." });
    expect((await timeline(contact.id)).map((r) => r.action)).toEqual(["created", "note"]);
    const after = await api("get", `/rest/v1/crm_contacts?id=eq.${contact.id}&select=last_activity_at`);
    expect(after.body[0].last_activity_at > (contact.last_activity_at as string)).toBe(true);
  });

  it("answers 404 for a record that does not exist and 400 for an empty note, writing nothing", async () => {
    const missing = crypto.randomUUID();
    const res = await api("post", "/rest/v1/rpc/add_crm_note").send({
      record_type: "crm_deals",
      record_id: missing,
      body: "x",
    });
    expect(res.status).toBe(404);
    const empty = await api("post", "/rest/v1/rpc/add_crm_note").send({
      record_type: "crm_deals",
      record_id: missing,
      body: " ",
    });
    expect(empty.status).toBe(400);
    expect(await timeline(missing)).toEqual([]);
  });
});

describe("validation", () => {
  it("checks an IPI name number's mod-101 digits and an organisation number's Luhn digit", async () => {
    const badIpi = await api("post", "/rest/v1/crm_contacts").send({
      first_name: "A",
      last_name: "B",
      ipi: "00014107339",
    });
    expect(badIpi.status).toBe(400);
    expect(badIpi.body.message).toContain("ipi");
    await insert("crm_contacts", { first_name: "A", last_name: "B", ipi: "00014107338" });
    const badOrg = await api("post", "/rest/v1/crm_companies").send({
      name: "X AB",
      org_number: "556016-0681",
    });
    expect(badOrg.status).toBe(400);
    await insert("crm_companies", { name: "Y AB", org_number: "556016-0680" });
  });

  it("refuses a contact whose e-mail address is not one, on insert and on update, writing nothing", async () => {
    const bad = await api("post", "/rest/v1/crm_contacts").send({
      first_name: "Nils",
      last_name: "Email",
      email: "not-an-email",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("email");
    const none = await api("get", "/rest/v1/crm_contacts?last_name=eq.Email&select=id");
    expect(none.body).toEqual([]);
    const contact = await insert("crm_contacts", {
      first_name: "Nils",
      last_name: "Email",
      email: "nils@example.se",
    });
    const badUpdate = await api("patch", `/rest/v1/crm_contacts?id=eq.${contact.id}`).send({
      email: "nils@",
    });
    expect(badUpdate.status).toBe(400);
    const kept = await api("get", `/rest/v1/crm_contacts?id=eq.${contact.id}&select=email`);
    expect(kept.body).toEqual([{ email: "nils@example.se" }]);
  });

  it("refuses a deal for a company that does not exist (409 23503) and a negative value", async () => {
    const orphan = await api("post", "/rest/v1/crm_deals").send({
      title: "X",
      company_id: crypto.randomUUID(),
    });
    expect(orphan.status).toBe(409);
    expect(orphan.body.code).toBe("23503");
    expect((await api("post", "/rest/v1/crm_deals").send({ title: "X", value_sek: -5 })).status).toBe(400);
  });
});

describe("lists", () => {
  it("pages talent 50 at a time with a total, searching names case-insensitively", async () => {
    const page2 = await api(
      "get",
      "/rest/v1/crm_contacts?kind=eq.talent&order=last_name,first_name&limit=50&offset=50",
    ).set("Prefer", "count=exact");
    expect(page2.status).toBe(206);
    expect(page2.headers["content-range"]).toMatch(/^50-\d+\/\d+$/);
    const search = await api(
      "get",
      "/rest/v1/crm_contacts?or=(first_name.ilike.*ÅSA*,last_name.ilike.*ÅSA*,stage_name.ilike.*ÅSA*,email.ilike.*ÅSA*)",
    );
    expect(search.status).toBe(200);
    for (const c of search.body) {
      expect(`${c.first_name} ${c.last_name} ${c.stage_name ?? ""} ${c.email ?? ""}`.toLowerCase()).toContain(
        "åsa",
      );
    }
  });

  it("finds talent by a role or genre inside a search's or(), as the brief's talent finder asks", async () => {
    const who = await insert("crm_contacts", {
      first_name: "Rut",
      last_name: "Finder",
      roles: ["Top-liner", "Producer"],
      genres: ["Synth-pop"],
    });
    const search = (word: string, lists: string) =>
      api(
        "get",
        `/rest/v1/crm_contacts?select=id,roles,genres&and=(or(first_name.ilike."*${word}*",last_name.ilike."*${word}*",${lists}))`,
      );
    const byRole = await search("top-l", 'roles.ov.{"Top-liner","Top, liner"}');
    expect(byRole.status, byRole.text).toBe(200);
    expect(byRole.body.map((c: { id: string }) => c.id)).toContain(who.id);
    for (const c of byRole.body) expect(c.roles).toContain("Top-liner");
    const byGenre = await search("synth", 'genres.ov.{"Synth-pop"}');
    expect(byGenre.body.map((c: { id: string }) => c.id)).toEqual([who.id]);
  });

  it("filters talent by role with cs", async () => {
    const res = await api("get", "/rest/v1/crm_contacts?roles=cs.{Producer}&select=roles");
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const c of res.body) expect(c.roles).toContain("Producer");
  });
});

describe("a stock supabase-js client as staff", () => {
  let server: Server;
  beforeAll(async () => {
    server = ctx.app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("inserts a company, a contact and a deal, moves the deal to won, and reads the deal's timeline", async () => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const supabase = createClient(base, ctx.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no global WebSocket; no realtime channel is opened here.
      realtime: { transport: class {} as never },
      global: { headers: { Authorization: `Bearer ${staff}` } },
    });
    const company = await supabase
      .from("crm_companies")
      .insert({ name: "Gamla Stan Music", kind: "publisher" })
      .select()
      .single();
    expect(company.error).toBeNull();
    const contact = await supabase
      .from("crm_contacts")
      .insert({ first_name: "Nils", last_name: "Holm", kind: "industry", company_id: company.data.id })
      .select()
      .single();
    expect(contact.error).toBeNull();
    const deal = await supabase
      .from("crm_deals")
      .insert({
        title: "Catalogue deal",
        company_id: company.data.id,
        contact_id: contact.data.id,
        value_sek: 150_000,
      })
      .select()
      .single();
    expect(deal.error).toBeNull();
    const won = await supabase
      .from("crm_deals")
      .update({ stage: "won" })
      .eq("id", deal.data.id)
      .select("stage")
      .single();
    expect(won.data).toEqual({ stage: "won" });
    const { data: rows, error } = await supabase
      .from("crm_activity")
      .select("action, changes")
      .eq("record_id", deal.data.id)
      .order("created_at");
    expect(error).toBeNull();
    expect(rows).toEqual([
      expect.objectContaining({ action: "created" }),
      { action: "moved", changes: { stage: { from: "prospect", to: "won" } } },
    ]);
  });
});
