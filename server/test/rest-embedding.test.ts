import type { SupabaseClient } from "@supabase/supabase-js";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type LiveServer, startLiveServer } from "./support/live-server";
import { stockClient } from "./support/stock-supabase";

/**
 * Resource embedding as supabase-js asks for it: the related rows of each foreign key the declarations
 * carry, in one request, with the embedded table's own grants and PostgREST's errors.
 */
let live: LiveServer;
let staff: SupabaseClient;
let staffToken = "";

const clientWith = (bearer: string) => stockClient(live.base, live.ctx.anonKey, { bearer });

const rest = (path: string, bearer = staffToken) =>
  request(live.ctx.app).get(path).set("apikey", live.ctx.anonKey).set("Authorization", `Bearer ${bearer}`);

interface Named {
  id: string;
  name: string;
}
let acme: Named;
let quiet: Named;
const contactIds: string[] = [];

beforeAll(async () => {
  live = await startLiveServer();
  staffToken = await live.ctx.userToken({ role: "staff" });
  staff = clientWith(staffToken);
  const companies = await staff
    .from("crm_companies")
    .insert([{ name: "Acme Embed AB" }, { name: "Quiet Embed AB" }])
    .select("id,name");
  expect(companies.error).toBeNull();
  [acme, quiet] = companies.data as [Named, Named];
  const contacts = await staff
    .from("crm_contacts")
    .insert(
      ["Öberg", "Andersson", "Berg", "Carlsson"].map((last_name, i) => ({
        first_name: `Embed${i}`,
        last_name,
        company_id: acme?.id,
      })),
    )
    .select("id");
  expect(contacts.error).toBeNull();
  contactIds.push(...(contacts.data ?? []).map((c) => c.id as string));
  const deals = await staff
    .from("crm_deals")
    .insert([
      { title: "Embed deal A", company_id: acme?.id, contact_id: contactIds[0] },
      { title: "Embed deal B", company_id: quiet?.id },
      { title: "Embed deal C" },
    ]);
  expect(deals.error).toBeNull();
});
afterAll(() => live.close());

describe("resource embedding", () => {
  it("embeds a many-to-one row as an object (or null), renamed by its alias, keys in the order asked", async () => {
    const { data, error } = await staff
      .from("crm_deals")
      .select("title, company:crm_companies(name), crm_contacts(last_name)")
      .like("title", "Embed deal *")
      .order("title");
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: "Embed deal A", company: { name: "Acme Embed AB" }, crm_contacts: { last_name: "Öberg" } },
      { title: "Embed deal B", company: { name: "Quiet Embed AB" }, crm_contacts: null },
      { title: "Embed deal C", company: null, crm_contacts: null },
    ]);
    expect(Object.keys(data?.[0] ?? {})).toEqual(["title", "company", "crm_contacts"]);
  });

  it("embeds one-to-many rows as a list, ordered, limited and filtered per parent", async () => {
    const { data, error } = await staff
      .from("crm_companies")
      .select("name, crm_contacts(first_name, last_name)")
      .in("id", [acme.id, quiet.id])
      .order("name")
      .order("last_name", { referencedTable: "crm_contacts" })
      .limit(2, { referencedTable: "crm_contacts" });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: "Acme Embed AB",
        crm_contacts: [
          { first_name: "Embed1", last_name: "Andersson" },
          { first_name: "Embed2", last_name: "Berg" },
        ],
      },
      { name: "Quiet Embed AB", crm_contacts: [] },
    ]);
    const filtered = await staff
      .from("crm_companies")
      .select("name, crm_contacts(last_name)")
      .eq("id", acme.id)
      .eq("crm_contacts.last_name", "Carlsson");
    expect(filtered.data).toEqual([{ name: "Acme Embed AB", crm_contacts: [{ last_name: "Carlsson" }] }]);
  });

  it("embeds many-to-many through the join table, and nests an embed inside an embed", async () => {
    const brief = await staff.from("crm_briefs").insert({ title: "Embed brief" }).select("id").single();
    expect(brief.error).toBeNull();
    const linked = await staff
      .from("crm_brief_talent")
      .insert(contactIds.slice(0, 2).map((contact_id) => ({ brief_id: brief.data?.id, contact_id })));
    expect(linked.error).toBeNull();
    const { data, error } = await staff
      .from("crm_briefs")
      .select("title, crm_contacts!crm_brief_talent(last_name, crm_companies(name))")
      .eq("id", brief.data?.id)
      .order("last_name", { referencedTable: "crm_contacts" });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        title: "Embed brief",
        crm_contacts: [
          { last_name: "Andersson", crm_companies: { name: "Acme Embed AB" } },
          { last_name: "Öberg", crm_companies: { name: "Acme Embed AB" } },
        ],
      },
    ]);
  });

  it("!inner keeps only the parents with a match, in the page and in the count", async () => {
    const { data, error, count } = await staff
      .from("crm_deals")
      .select("title, crm_companies!inner(name)", { count: "exact" })
      .like("title", "Embed deal *")
      .eq("crm_companies.name", "Quiet Embed AB");
    expect(error).toBeNull();
    expect(data).toEqual([{ title: "Embed deal B", crm_companies: { name: "Quiet Embed AB" } }]);
    expect(count).toBe(1);
  });

  it("answers PostgREST's errors: no relationship, more than one, and params for what is not embedded", async () => {
    const none = await rest("/rest/v1/crm_deals?select=*,events(*)");
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: "PGRST200",
      message: "Could not find a relationship between 'crm_deals' and 'events' in the schema cache",
    });
    // A contact's projects: the project's contact, or the projects it is a member of.
    const two = await rest("/rest/v1/crm_contacts?select=id,projects(title)");
    expect(two.status).toBe(300);
    expect(two.body.code).toBe("PGRST201");
    expect(two.body.hint).toContain("'projects!contact_id'");
    expect(two.body.hint).toContain("'projects!project_members'");
    const picked = await rest(
      `/rest/v1/crm_contacts?select=id,projects!contact_id(title)&id=eq.${contactIds[0]}`,
    );
    expect(picked.status).toBe(200);
    expect(picked.body).toEqual([{ id: contactIds[0], projects: [] }]);
    const stray = await rest("/rest/v1/crm_deals?select=title&crm_companies.name=eq.x");
    expect(stray.status).toBe(400);
    expect(stray.body.code).toBe("PGRST108");
  });

  it("reads each embedded table with the caller's own grants", async () => {
    const anon = await rest(`/rest/v1/events?select=title,crm_contacts(*)`, live.ctx.anonKey);
    expect(anon.status).toBe(400);
    expect(anon.body.code).toBe("PGRST200");
    const member = await live.ctx.userToken({ role: null });
    const refused = await rest("/rest/v1/portfolio_items?select=title,crm_contacts(last_name)", member);
    expect([401, 403]).toContain(refused.status);
    expect(refused.body.code).toBe("42501");
  });

  it("reads each level in one query, however many parents there are", async () => {
    const many = await staff.from("crm_contacts").insert(
      Array.from({ length: 30 }, (_, i) => ({
        first_name: "Many",
        last_name: `N${String(i).padStart(2, "0")}`,
        company_id: i % 2 ? acme.id : quiet.id,
      })),
    );
    expect(many.error).toBeNull();
    const executor = live.ctx.db.getExecutor();
    const spy = vi.spyOn(executor, "executeQuery");
    const { data } = await staff
      .from("crm_contacts")
      .select("last_name, crm_companies(name, crm_deals(title))")
      .eq("first_name", "Many")
      .order("last_name");
    // The session check reads too; these are the data API's reads of the three tables.
    const reads = spy.mock.calls.filter(([query]) =>
      /^select.* from "crm_(contacts|companies|deals)"/is.test(query.sql.trim()),
    );
    spy.mockRestore();
    expect(data).toHaveLength(30);
    expect(data?.[1]).toEqual({
      last_name: "N01",
      crm_companies: { name: "Acme Embed AB", crm_deals: [{ title: "Embed deal A" }] },
    });
    // The contacts, their companies, the companies' deals: three reads for thirty parents.
    expect(reads).toHaveLength(3);
  });
});
