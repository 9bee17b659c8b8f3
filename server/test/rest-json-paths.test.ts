import type { SupabaseClient } from "@supabase/supabase-js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { stockSupabase } from "./support/stock-supabase";

/**
 * JSON paths in filters and order through supabase-js (`.filter('col->>key', …)`, `.order('col->>key')`):
 * `->>` reads text as PostgreSQL's jsonb writes it (a number as stored, so `gt` compares text), a missing
 * key is NULL, array indexes count from either end, and only declared JSON columns take a path. The same
 * answers on SQLite and PostgreSQL, over the seeded split sheet and a few contacts' strengths.
 */

let ctx: TestContext;
let supabase: SupabaseClient;
let close: () => Promise<void>;

const CONTACTS = [
  { first_name: "Ada", last_name: "Jsonpath", strengths: { lyrics: 9, melody: 7 } },
  { first_name: "Bea", last_name: "Jsonpath", strengths: { lyrics: 10 } },
  { first_name: "Cai", last_name: "Jsonpath", strengths: { melody: 5 } },
  { first_name: "Dag", last_name: "Jsonpath", strengths: { lyrics: 9.5 } },
];

beforeAll(async () => {
  ctx = await createTestContext();
  ({ supabase, close } = await stockSupabase(ctx, "staff"));
  const { error } = await supabase.from("crm_contacts").insert(CONTACTS);
  expect(error).toBeNull();
});
afterAll(async () => {
  await close?.();
  await ctx?.close();
});

const selectFirstNames = (client: SupabaseClient) => client.from("crm_contacts").select("first_name");
type Contacts = ReturnType<typeof selectFirstNames>;
const selectTitles = (client: SupabaseClient) => client.from("legal_documents").select("title");
type Documents = ReturnType<typeof selectTitles>;

async function firstNames(query: (q: Contacts) => Contacts): Promise<string[]> {
  const { data, error } = await query(selectFirstNames(supabase).eq("last_name", "Jsonpath"));
  expect(error).toBeNull();
  return (data as { first_name: string }[]).map((r) => r.first_name);
}
const sorted = async (query: (q: Contacts) => Contacts) => (await firstNames(query)).sort();

describe("->> in filters", () => {
  it("compares the value's text, a number as stored", async () => {
    expect(await sorted((q) => q.filter("strengths->>lyrics", "eq", "9"))).toEqual(["Ada"]);
    expect(await sorted((q) => q.filter("strengths->>lyrics", "eq", "9.5"))).toEqual(["Dag"]);
    // Text order, as PostgREST compares `->>`: "9" and "9.5" sort after "10".
    expect(await sorted((q) => q.filter("strengths->>lyrics", "gt", "10"))).toEqual(["Ada", "Dag"]);
    expect(await sorted((q) => q.filter("strengths->>lyrics", "in", "(9,10)"))).toEqual(["Ada", "Bea"]);
    expect(await sorted((q) => q.filter("strengths->>melody", "like", "*5*"))).toEqual(["Cai"]);
  });

  it("reads a missing key as NULL, left out by not as well", async () => {
    expect(await sorted((q) => q.filter("strengths->>lyrics", "is", null))).toEqual(["Cai"]);
    expect(await sorted((q) => q.not("strengths->>lyrics", "eq", "9"))).toEqual(["Bea", "Dag"]);
    expect(await sorted((q) => q.or("strengths->>melody.eq.7,strengths->>lyrics.eq.10"))).toEqual([
      "Ada",
      "Bea",
    ]);
  });

  it("follows keys and array indexes, from the start or the end, in the seeded split sheet", async () => {
    const titles = async (query: (q: Documents) => Documents) => {
      const { data, error } = await query(selectTitles(supabase));
      expect(error).toBeNull();
      return (data as { title: string }[]).map((r) => r.title);
    };
    const sheet = ["Split Sheet: Midnatt på Mälaren"];
    expect(await titles((q) => q.filter("payload->writers->0->>legal_name", "eq", "Alva Lindqvist"))).toEqual(
      sheet,
    );
    expect(await titles((q) => q.filter("payload->writers->0->>share_percent", "eq", "40"))).toEqual(sheet);
    expect(await titles((q) => q.filter("payload->writers->1->>share_percent", "eq", "33.33"))).toEqual(
      sheet,
    );
    expect(await titles((q) => q.filter("payload->writers->-1->>society", "eq", "TONO"))).toEqual(sheet);
    // A missing key is NULL as well: every document without writers has no publisher there either.
    const noPublisher = await titles((q) => q.filter("payload->writers->1->>publisher", "is", null));
    expect(noPublisher).toContain(sheet[0]);
    expect(await titles((q) => q.filter("payload->writers->0->>publisher", "is", null))).not.toContain(
      sheet[0],
    );
    expect(await titles((q) => q.filter("payload->variables->>song_title", "ilike", "*mälaren*"))).toEqual(
      sheet,
    );
    expect(await titles((q) => q.filter("payload->writers->5->>society", "eq", "TONO"))).toEqual([]);
    // An array read as text is jsonb's text of it (spaced), on SQLite too.
    expect(
      await titles((q) => q.filter("payload->writers->0->>contribution", "eq", '["lyrics", "music"]')),
    ).toEqual(sheet);
    expect(
      await titles((q) => q.filter("payload->writers->0->>contribution", "eq", '["lyrics","music"]')),
    ).toEqual([]);
    expect(await titles((q) => q.filter("payload->writers->0->contribution", "cs", '["lyrics"]'))).toEqual(
      sheet,
    );
  });
});

describe("->> in order", () => {
  it("orders by the text, NULLs placed as PostgreSQL places them", async () => {
    expect(await firstNames((q) => q.order("strengths->>lyrics", { ascending: false }))).toEqual([
      "Cai",
      "Dag",
      "Ada",
      "Bea",
    ]);
    expect(await firstNames((q) => q.order("strengths->>lyrics", { ascending: true }))).toEqual([
      "Bea",
      "Ada",
      "Dag",
      "Cai",
    ]);
  });
});

describe("refusals", () => {
  async function refusal(query: (q: Contacts) => Contacts) {
    const { error, status } = await query(selectFirstNames(supabase));
    return { status, code: error?.code };
  }

  it("answer any path, operator and value with 200 or a 400 in PostgREST's shape, never a 500", async () => {
    const step = fc.constantFrom("->", "->>", "lyrics", "0", "-1", "99999999", "'x'", "a.b", "", "é", " ");
    const path = fc.array(step, { maxLength: 8 }).map((parts) => `strengths${parts.join("")}`);
    const op = fc.constantFrom("eq", "gt", "like", "in", "is", "cs", "cd", "ov", "fts", "match");
    const value = fc.constantFrom("9", "null", "(9,10)", '{"lyrics":9}', "[1]", "*a*", "{a}", "x'y", "^9");
    await fc.assert(
      fc.asyncProperty(path, op, value, async (key, operator, v) => {
        const read = await selectFirstNames(supabase).filter(key, operator, v);
        const ordered = await selectFirstNames(supabase).order(key);
        for (const { status, error } of [read, ordered]) {
          expect(status, `${key}=${operator}.${v}`).toBeLessThan(500);
          if (status !== 200)
            expect(Object.keys(error ?? {}).sort()).toEqual(["code", "details", "hint", "message"]);
        }
      }),
      { numRuns: 80 },
    );
  });

  it("answer 400: a path on a column that is not JSON, an unknown column, ->> inside a path, -> in order", async () => {
    expect(await refusal((q) => q.filter("first_name->>x", "eq", "1"))).toEqual({
      status: 400,
      code: "42883",
    });
    expect(await refusal((q) => q.filter("nothing->>x", "eq", "1"))).toEqual({ status: 400, code: "42703" });
    expect(await refusal((q) => q.filter("strengths->>a->b", "eq", "1"))).toEqual({
      status: 400,
      code: "PGRST100",
    });
    expect(await refusal((q) => q.order("strengths->lyrics"))).toEqual({ status: 400, code: "42883" });
    expect(await refusal((q) => q.filter("strengths->lyrics", "gt", "1"))).toEqual({
      status: 400,
      code: "42883",
    });
  });
});
