import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

/**
 * Every PostgREST form the data API refuses (docs/api/postgrest-features.md) answers PostgREST's own code
 * and status in its error body, reads and writes nothing, and never falls back to a parse error, an
 * unknown column or a silently different answer.
 */
let ctx: TestContext;
let token = "";
let companyId = "";

/** A request as a staff member, whose grants reach every table the refusals name. */
const asStaff = (req: request.Test) => req.set("apikey", ctx.anonKey).set("Authorization", `Bearer ${token}`);

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.userToken({ role: "staff" });
  const created = await asStaff(request(ctx.app).post("/rest/v1/crm_companies?select=id"))
    .set("Prefer", "return=representation")
    .send({ name: "Refusals AB" });
  expect(created.status).toBe(201);
  companyId = created.body[0].id;
});
afterAll(() => ctx.close());

type Method = "get" | "post" | "patch" | "delete" | "trace";
interface Refusal {
  form: string;
  method: Method;
  url: string;
  headers?: Record<string, string>;
  body?: string | object;
  status: number;
  code: string;
}

const insert = { name: "Refused Insert AB" };
const REFUSALS: Refusal[] = [
  {
    form: "range operator",
    method: "get",
    url: "/rest/v1/events?max_attendees=sl.(1,10)",
    status: 400,
    code: "PGRST127",
  },
  {
    form: "range operator in a group",
    method: "get",
    url: "/rest/v1/events?or=(max_attendees.adj.(1,10))",
    status: 400,
    code: "PGRST127",
  },
  {
    form: "range operator on delete",
    method: "delete",
    url: "/rest/v1/crm_companies?name=nxr.(a,b)",
    status: 400,
    code: "PGRST127",
  },
  {
    form: "spread embedding",
    method: "get",
    url: "/rest/v1/crm_deals?select=title,...crm_companies(name)",
    status: 400,
    code: "PGRST127",
  },
  {
    form: "spread in a write's answer",
    method: "post",
    url: "/rest/v1/crm_companies?select=name,...crm_contacts(first_name)",
    headers: { Prefer: "return=representation" },
    body: insert,
    status: 400,
    code: "PGRST127",
  },
  {
    form: "count() aggregate",
    method: "get",
    url: "/rest/v1/crm_deals?select=count()",
    status: 400,
    code: "PGRST123",
  },
  {
    form: "sum() aggregate",
    method: "get",
    url: "/rest/v1/crm_deals?select=stage,value_sek.sum()",
    status: 400,
    code: "PGRST123",
  },
  {
    form: "aggregate in an embedded resource",
    method: "get",
    url: "/rest/v1/crm_companies?select=name,crm_deals(count())",
    status: 400,
    code: "PGRST123",
  },
  {
    form: "aggregate in a write's answer",
    method: "post",
    url: "/rest/v1/crm_companies?select=count()",
    headers: { Prefer: "return=representation" },
    body: insert,
    status: 400,
    code: "PGRST123",
  },
  {
    form: "order by an embedded column",
    method: "get",
    url: "/rest/v1/crm_deals?select=title,crm_companies(name)&order=crm_companies(name).desc",
    status: 400,
    code: "PGRST127",
  },
  {
    form: "filter by an embedded resource",
    method: "get",
    url: "/rest/v1/crm_deals?select=title,crm_companies(name)&crm_companies=not.is.null",
    status: 400,
    code: "PGRST127",
  },
  {
    form: "explain plan",
    method: "get",
    url: "/rest/v1/events",
    headers: { Accept: "application/vnd.pgrst.plan+json" },
    status: 406,
    code: "PGRST107",
  },
  {
    form: "explain plan of a write",
    method: "patch",
    url: `/rest/v1/crm_companies?id=eq.{id}`,
    headers: { Accept: "application/vnd.pgrst.plan" },
    body: { name: "Refused Patch AB" },
    status: 406,
    code: "PGRST107",
  },
  {
    form: "GeoJSON",
    method: "get",
    url: "/rest/v1/events",
    headers: { Accept: "application/geo+json" },
    status: 406,
    code: "PGRST107",
  },
  {
    form: "nulls=stripped",
    method: "get",
    url: "/rest/v1/events",
    headers: { Accept: "application/vnd.pgrst.array+json;nulls=stripped" },
    status: 406,
    code: "PGRST107",
  },
  {
    form: "CSV body",
    method: "post",
    url: "/rest/v1/crm_companies",
    headers: { "Content-Type": "text/csv" },
    body: "name\nRefused Csv AB\n",
    status: 415,
    code: "PGRST107",
  },
  {
    form: "form body",
    method: "post",
    url: "/rest/v1/crm_companies",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "name=Refused%20Form%20AB",
    status: 415,
    code: "PGRST107",
  },
  {
    form: "CSV body on update",
    method: "patch",
    url: `/rest/v1/crm_companies?id=eq.{id}`,
    headers: { "Content-Type": "text/csv" },
    body: "name\nRefused Csv AB\n",
    status: 415,
    code: "PGRST107",
  },
  {
    form: "another schema to read",
    method: "get",
    url: "/rest/v1/events",
    headers: { "Accept-Profile": "private" },
    status: 406,
    code: "PGRST106",
  },
  {
    form: "another schema to write",
    method: "post",
    url: "/rest/v1/crm_companies",
    headers: { "Content-Profile": "private" },
    body: insert,
    status: 406,
    code: "PGRST106",
  },
  {
    form: "RPC by GET",
    method: "get",
    url: "/rest/v1/rpc/calendar_feed?contact_id=00000000-0000-0000-0000-000000000000",
    status: 405,
    code: "PGRST101",
  },
  {
    form: "RPC by PATCH",
    method: "patch",
    url: "/rest/v1/rpc/add_crm_note",
    body: {},
    status: 405,
    code: "PGRST101",
  },
  {
    form: "unknown RPC",
    method: "post",
    url: "/rest/v1/rpc/no_such_function",
    body: {},
    status: 404,
    code: "PGRST202",
  },
  { form: "unsupported verb", method: "trace", url: "/rest/v1/events", status: 405, code: "PGRST117" },
  { form: "unknown table", method: "get", url: "/rest/v1/no_such_table", status: 404, code: "PGRST205" },
  {
    form: "RPC result filtered",
    method: "post",
    url: "/rest/v1/rpc/approved_not_invoiced?limit=1",
    body: {},
    status: 400,
    code: "PGRST127",
  },
  {
    form: "RPC result shaped",
    method: "post",
    url: "/rest/v1/rpc/add_crm_note?select=id",
    body: { record_type: "crm_companies", record_id: "{id}", body: "Refused note" },
    status: 400,
    code: "PGRST127",
  },
  {
    form: "timezone under handling=strict",
    method: "get",
    url: "/rest/v1/events",
    headers: { Prefer: "handling=strict, timezone=Europe/Stockholm" },
    status: 400,
    code: "PGRST122",
  },
  {
    form: "cast to another type",
    method: "get",
    url: "/rest/v1/events?select=title::date",
    status: 400,
    code: "PGRST100",
  },
  {
    form: "another text search configuration",
    method: "get",
    url: "/rest/v1/events?title=fts(german).party",
    status: 400,
    code: "PGRST100",
  },
];

/** Everything a refused write could have touched: the companies (names, update times) and timelines. */
const companies = async () => {
  const { rows } = await sql<{ id: string; name: string; updated_at: unknown }>`select id, name, updated_at
    from crm_companies order by id`.execute(ctx.db);
  const timeline = await sql<{ n: unknown }>`select count(*) as n from crm_activity`.execute(ctx.db);
  return {
    companies: rows.map((row) => ({ ...row, updated_at: String(row.updated_at) })),
    timeline: Number(timeline.rows[0]?.n),
  };
};

describe("refused PostgREST forms", () => {
  it("answer PostgREST's status and code in its error body, and write nothing", async () => {
    const before = await companies();
    for (const refusal of REFUSALS) {
      let req = asStaff(request(ctx.app)[refusal.method](refusal.url.replace("{id}", companyId)));
      for (const [name, value] of Object.entries(refusal.headers ?? {})) req = req.set(name, value);
      const body =
        typeof refusal.body === "object"
          ? JSON.parse(JSON.stringify(refusal.body).replace("{id}", companyId))
          : refusal.body;
      const res = await (body === undefined ? req : req.send(body));
      const answer = { status: res.status, code: res.body?.code };
      expect(answer, `${refusal.form}: ${res.text}`).toEqual({ status: refusal.status, code: refusal.code });
      expect(Object.keys(res.body).sort(), refusal.form).toEqual(["code", "details", "hint", "message"]);
    }
    expect(await companies()).toEqual(before);
  });

  it("still serve the supported neighbours of each form", async () => {
    const get = (url: string, headers: Record<string, string> = {}) => {
      let req = asStaff(request(ctx.app).get(url));
      for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
      return req;
    };
    const served = [
      await get("/rest/v1/crm_deals?select=title,crm_companies!left(name)"),
      await get("/rest/v1/crm_deals?select=title,crm_companies!inner(name)"),
      await get("/rest/v1/events", { "Accept-Profile": "public" }),
      await get("/rest/v1/events", { Accept: "application/vnd.pgrst.array+json" }),
      await get("/rest/v1/events?select=title::text&order=title.desc.nullslast"),
    ];
    expect(served.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
  });
});
