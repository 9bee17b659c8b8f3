import type { SupabaseClient } from "@supabase/supabase-js";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveServer, startLiveServer } from "./support/live-server";
import { stockClient } from "./support/stock-supabase";

/**
 * Select shaping as supabase-js asks for it: aliases, casts to the safe types and JSON paths, each answered
 * under PostgREST's key in the order asked, with PostgreSQL's values and errors on either engine.
 */
let live: LiveServer;
let staff: SupabaseClient;
let staffToken = "";
let contactId = "";
let templateId = "";

const rest = (path: string) =>
  request(live.ctx.app)
    .get(path)
    .set("apikey", live.ctx.anonKey)
    .set("Authorization", `Bearer ${staffToken}`);

beforeAll(async () => {
  live = await startLiveServer();
  staffToken = await live.ctx.userToken({ role: "staff" });
  staff = stockClient(live.base, live.ctx.anonKey, { bearer: staffToken });
  const contact = await staff
    .from("crm_contacts")
    .insert({
      first_name: "Shape",
      last_name: "Åkesson",
      reliability_score: 6.5,
      strengths: { melody: 6.5, lyrics: 8 },
      roles: ["writer", "pro ducer"],
    })
    .select("id")
    .single();
  expect(contact.error).toBeNull();
  contactId = contact.data?.id as string;
  const template = await staff
    .from("legal_templates")
    .insert({
      title: "Shape template",
      category: "NDA",
      body_md: "Between the parties.",
      variables: [
        { key: "artist", label: "Artist", required: true, type: "text" },
        { key: "fee", label: "Fee", required: false, type: "number" },
      ],
    })
    .select("id")
    .single();
  expect(template.error).toBeNull();
  templateId = template.data?.id as string;
});
afterAll(() => live.close());

const CONTACT_SELECT =
  "surname:last_name, id::text, score:reliability_score::integer, strengths->>lyrics, melody:strengths->melody, strengths::text, roles::text, reliability_score::text, lyrics_n:strengths->>lyrics::numeric";

const CONTACT_SELECT_KEYS = [
  "surname",
  "id",
  "score",
  "lyrics",
  "melody",
  "strengths",
  "roles",
  "reliability_score",
  "lyrics_n",
];

/** PostgreSQL's answer to the same select, written as its SQL. */
const CONTACT_SQL = sql`select last_name as surname, id::text as id, reliability_score::integer as score,
  strengths->>'lyrics' as lyrics, strengths->'melody' as melody, strengths::text as strengths,
  roles::text as roles, reliability_score::text as reliability_score,
  (strengths->>'lyrics')::numeric as lyrics_n`;

describe("select shaping", () => {
  it("answers aliases, casts and JSON paths under PostgREST's keys, in the order asked", async () => {
    const { data, error } = await staff
      .from("crm_contacts")
      .select(CONTACT_SELECT)
      .eq("id", contactId)
      .single();
    expect(error).toBeNull();
    const expected = {
      surname: "Åkesson",
      id: contactId,
      // double precision to integer rounds half to even, as PostgreSQL's rint does.
      score: 6,
      lyrics: "8",
      melody: 6.5,
      // jsonb's text: shorter keys first, then by bytes, with a space after each separator.
      strengths: '{"lyrics": 8, "melody": 6.5}',
      roles: '{writer,"pro ducer"}',
      reliability_score: "6.5",
      lyrics_n: 8,
    };
    expect(data).toEqual(expected);
    expect(Object.keys(data ?? {})).toEqual(Object.keys(expected));
    if (live.ctx.engine === "postgres") {
      // The engine's own SQL agrees with every value above.
      const direct = await sql<{ row: unknown }>`select row_to_json(x) as row from (${CONTACT_SQL}
        from crm_contacts where id = ${contactId}) as x`.execute(live.ctx.db);
      expect(direct.rows[0]?.row).toEqual(expected);
    }
  });

  it("answers every seeded contact as PostgreSQL's own SQL does", async () => {
    const { data, error } = await staff.from("crm_contacts").select(CONTACT_SELECT).order("id").limit(50);
    expect(error).toBeNull();
    expect(data?.length).toBe(50);
    // Half-way scores (5.5, 6.5, …) are among them: integer casts round them to even.
    expect(data?.some((row) => Number(row.reliability_score) % 1 === 0.5)).toBe(true);
    for (const row of data ?? []) expect(Object.keys(row)).toEqual(CONTACT_SELECT_KEYS);
    if (live.ctx.engine === "postgres") {
      const direct = await sql<{ row: unknown }>`select row_to_json(x) as row from (${CONTACT_SQL}
        from crm_contacts order by id limit 50) as x`.execute(live.ctx.db);
      expect(data).toEqual(direct.rows.map((r) => r.row));
    }
  });

  it("follows JSON arrays by index, from the end with a negative one, and casts a JSON boolean", async () => {
    const { data, error } = await staff
      .from("legal_templates")
      .select("variables->0->>key, last:variables->-1->label, variables->0->required::boolean, variables->5")
      .eq("id", templateId)
      .single();
    expect(error).toBeNull();
    // An index names nothing: a path of indexes alone keeps the column's name.
    expect(data).toEqual({ key: "artist", last: "Fee", required: true, variables: null });
    expect(Object.keys(data ?? {})).toEqual(["key", "last", "required", "variables"]);
  });

  it("shapes the columns of an embedded resource the same way", async () => {
    const company = await staff.from("crm_companies").insert({ name: "Shape Co" }).select("id").single();
    const update = await staff
      .from("crm_contacts")
      .update({ company_id: company.data?.id })
      .eq("id", contactId);
    expect(update.error).toBeNull();
    const { data, error } = await staff
      .from("crm_contacts")
      .select("surname:last_name, company:crm_companies(label:name, id::text, deals:crm_deals(id))")
      .eq("id", contactId)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      surname: "Åkesson",
      company: { label: "Shape Co", id: company.data?.id, deals: [] },
    });
  });

  it("answers CSV under the shaped keys, a cast or embedded value as its text", async () => {
    const { data, error } = await staff
      .from("crm_contacts")
      .select("surname:last_name, strengths->>lyrics, flag:id::text, company:crm_companies(name)")
      .eq("id", contactId)
      .csv();
    expect(error).toBeNull();
    expect(String(data).split("\r\n")).toEqual([
      "surname,lyrics,flag,company",
      `Åkesson,8,${contactId},"{""name"":""Shape Co""}"`,
    ]);
  });

  it("shapes a write's representation as it shapes a read", async () => {
    const company = await staff.from("crm_companies").insert({ name: "Written Co" }).select("id").single();
    const inserted = await staff
      .from("crm_contacts")
      .insert({ first_name: "Written", last_name: "Ek", company_id: company.data?.id, strengths: { mix: 3 } })
      .select("surname:last_name, mix:strengths->>mix::integer, company:crm_companies(name)")
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual({ surname: "Ek", mix: 3, company: { name: "Written Co" } });
    const updated = await staff
      .from("crm_contacts")
      .update({ last_name: "Ekström" })
      .eq("first_name", "Written")
      .select("surname:last_name, company:crm_companies(label:name)");
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual([{ surname: "Ekström", company: { label: "Written Co" } }]);
  });

  it("writes a timestamp cast to text as PostgreSQL does in a UTC session", async () => {
    const res = await rest(`/rest/v1/crm_contacts?select=created_at::text&id=eq.${contactId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?\+00$/);
  });

  it.each([
    [
      "a JSON path on a text column",
      "first_name->>x",
      400,
      "42883",
      "operator does not exist: text ->> unknown",
    ],
    ["a cast PostgreSQL has no cast for", "id::integer", 400, "42846", "cannot cast type uuid to integer"],
    [
      "text that is no integer",
      "last_name::integer",
      400,
      "22P02",
      'invalid input syntax for type integer: "Åkesson"',
    ],
    [
      "a JSON number cast to boolean",
      "strengths->lyrics::boolean",
      400,
      "22023",
      "cannot cast jsonb numeric to type boolean",
    ],
    [
      "a JSON step after ->>",
      "strengths->>lyrics->0",
      400,
      "42883",
      "operator does not exist: text -> integer",
    ],
  ])("refuses %s as PostgreSQL does", async (_name, select, status, code, message) => {
    const res = await rest(`/rest/v1/crm_contacts?select=${encodeURIComponent(select)}&id=eq.${contactId}`);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code, message });
  });

  it("refuses a cast outside the safe types with 400 PGRST100, even when no row matches", async () => {
    const res = await rest(
      "/rest/v1/crm_contacts?select=id::regclass&id=eq.00000000-0000-0000-0000-000000000000",
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("PGRST100");
    const wrongColumn = await rest(
      "/rest/v1/crm_contacts?select=nope::text&id=eq.00000000-0000-0000-0000-000000000000",
    );
    expect(wrongColumn.status).toBe(400);
    expect(wrongColumn.body.code).toBe("42703");
  });
});
