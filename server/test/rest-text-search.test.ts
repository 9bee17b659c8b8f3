import { type TableDefinition, tables } from "@app/contracts";
import type { SupabaseClient } from "@supabase/supabase-js";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whereSql } from "../src/rest/postgrest/conditions";
import { parseQuery } from "../src/rest/postgrest/parse-query";
import { createTestContext, type TestContext } from "./helpers";
import { stockSupabase } from "./support/stock-supabase";

/**
 * Text search through supabase-js's `.textSearch()` on the seeded events: every query type and
 * configuration selects the same rows on SQLite (FTS5) and PostgreSQL (to_tsvector), `not` leaves out
 * what PostgreSQL leaves out, the indexes follow writes, and a query either engine cannot read is a 400.
 */

let ctx: TestContext;
let supabase: SupabaseClient;
let close: () => Promise<void>;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ supabase, close } = await stockSupabase(ctx, "staff"));
});
afterAll(async () => {
  await close?.();
  await ctx?.close();
});

const selectTitles = (client: SupabaseClient) => client.from("events").select("title");
type Events = ReturnType<typeof selectTitles>;

/** The titles a search answers, in the request's order (text search does not rank). */
async function titles(search: (q: Events) => Events): Promise<string[]> {
  const { data, error } = await search(selectTitles(supabase).order("title"));
  expect(error).toBeNull();
  return (data as { title: string }[]).map((r) => r.title);
}

const SONGWRITER = "Songwriter Circle: Södermalm Sessions";
const TOPLINE = "Topline Workshop for Emerging Writers";
const PRODUCER = "Producer Meetup: Mixing for Streaming";
const PITCH = "Pitch & Party: Autumn Edition";
const SPLITS = "Royalty Splits Clinic";
const ROOFTOP = "Summer Rooftop Listening Party";

describe("textSearch on the seeded events", () => {
  it("plain: every word, stemmed under english, as written under simple", async () => {
    expect(
      await titles((q) => q.textSearch("description", "writer", { type: "plain", config: "english" })),
    ).toEqual([PITCH, SONGWRITER]);
    expect(
      await titles((q) => q.textSearch("description", "writer", { type: "plain", config: "simple" })),
    ).toEqual([]);
    expect(
      await titles((q) => q.textSearch("title", "WRITERS emerging", { type: "plain", config: "simple" })),
    ).toEqual([TOPLINE]);
    // Case folds across Unicode, accents kept: Ö is ö, never o.
    expect(
      await titles((q) => q.textSearch("title", "SÖDERMALM", { type: "plain", config: "simple" })),
    ).toEqual([SONGWRITER]);
    expect(
      await titles((q) => q.textSearch("title", "sodermalm", { type: "plain", config: "simple" })),
    ).toEqual([]);
    // With no configuration, english (Supabase's default).
    expect(await titles((q) => q.textSearch("description", "demo", { type: "plain" }))).toEqual([
      PITCH,
      ROOFTOP,
    ]);
  });

  it("leaves out the configuration's stop words, as PostgreSQL does", async () => {
    expect(
      await titles((q) => q.textSearch("description", "which demos", { type: "plain", config: "english" })),
    ).toEqual([PITCH, ROOFTOP]);
    expect(
      await titles((q) => q.textSearch("description", "which demos", { type: "plain", config: "simple" })),
    ).toEqual([]);
    expect(
      await titles((q) => q.textSearch("title", "och sessions", { type: "plain", config: "swedish" })),
    ).toEqual([SONGWRITER]);
    // Nothing but stop words: PostgreSQL's empty query, which matches nothing.
    expect(
      await titles((q) => q.textSearch("description", "the and", { type: "plain", config: "english" })),
    ).toEqual([]);
  });

  it("phrase: the words next to each other, in order", async () => {
    expect(
      await titles((q) => q.textSearch("description", "split sheets", { type: "phrase", config: "english" })),
    ).toEqual([SPLITS]);
    expect(
      await titles((q) => q.textSearch("description", "sheets split", { type: "phrase", config: "english" })),
    ).toEqual([]);
  });

  it("websearch: quoted phrases, -word and or", async () => {
    expect(
      await titles((q) => q.textSearch("description", '"unreleased demos" or stage', { type: "websearch" })),
    ).toEqual([SONGWRITER, ROOFTOP]);
    expect(await titles((q) => q.textSearch("description", "demos -pitched", { type: "websearch" }))).toEqual(
      [ROOFTOP],
    );
  });

  it("to_tsquery: &, |, !, <-> and :* prefixes", async () => {
    expect(await titles((q) => q.textSearch("description", "stage | (demos & !pitched)"))).toEqual([
      SONGWRITER,
      ROOFTOP,
    ]);
    expect(await titles((q) => q.textSearch("description", "mix:* & engineer"))).toEqual([PRODUCER]);
    expect(await titles((q) => q.textSearch("description", "split <-> sheets"))).toEqual([SPLITS]);
    expect(await titles((q) => q.textSearch("title", "'listening party'", { config: "simple" }))).toEqual([
      ROOFTOP,
    ]);
  });

  it("in an or group, and negated: a NULL text is never a match, with or without not", async () => {
    expect(
      await titles((q) => q.or("title.plfts(simple).writers,description.wfts(english).split sheets")),
    ).toEqual([SPLITS, TOPLINE]);
    const { error } = await supabase.from("events").insert({ title: "Open Mic Night", description: null });
    expect(error).toBeNull();
    const without = await titles((q) => q.not("description", "fts", "demos | writer"));
    expect(without).not.toContain("Open Mic Night");
    expect(without).not.toContain(PITCH);
    expect(without).toContain(SPLITS);
    expect(await titles((q) => q.not("title", "fts", "demos"))).toContain("Open Mic Night");
  });
});

describe("punctuation", () => {
  it("separates words alike on both engines: hyphenated words, addresses and snake_case are their parts", async () => {
    const { error } = await supabase
      .from("events")
      .insert({ title: "Punctuation Night", description: "Hip-hop at mail@klubb.se, set_list/v2." });
    expect(error).toBeNull();
    const found = async (query: string, type: "plain" | "phrase" | "websearch") =>
      (await titles((q) => q.textSearch("description", query, { type, config: "simple" }))).includes(
        "Punctuation Night",
      );
    expect(await found("hop", "plain")).toBe(true);
    expect(await found("hip-hop", "plain")).toBe(true);
    expect(await found("hip hop", "phrase")).toBe(true);
    expect(await found("klubb", "websearch")).toBe(true);
    expect(await found("mail@klubb.se", "phrase")).toBe(true);
    expect(await found("list v2", "phrase")).toBe(true);
    expect(await found("set_list", "plain")).toBe(true);
    expect(await found("hiphop", "plain")).toBe(false);
  });
});

describe("every searchable column", () => {
  const searchable = (Object.values(tables) as TableDefinition[]).flatMap((t) =>
    Object.entries(t.columns)
      .filter(([, c]) => c.textSearch)
      .map(([name]) => [t.name, name] as const),
  );

  it("is a text column its migration indexed, searchable under every configuration", async () => {
    expect(searchable.length).toBeGreaterThan(0);
    for (const [table, column] of searchable) {
      expect(tables[table as keyof typeof tables].columns[column as never]).toMatchObject({ type: "text" });
      for (const config of ["simple", "english", "swedish"]) {
        const { error, status } = await supabase
          .from(table)
          .select("id")
          .textSearch(column, "stockholm | writer:*", { config })
          .limit(1);
        expect({ status, error }, `${table}.${column} ${config}`).toEqual({ status: 200, error: null });
      }
    }
  });
});

describe("the search indexes", () => {
  it("answer a search: PostgreSQL's GIN index on the expression, SQLite's FTS5 table", async () => {
    const where = whereSql(
      tables.events,
      ctx.engine,
      parseQuery({ title: "fts(english).writer:* & !demo" }).where,
    );
    const plan = await ctx.db.transaction().execute(async (trx) => {
      if (ctx.engine === "postgres") {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql<{
          "QUERY PLAN": string;
        }>`explain select * from events where ${where}`.execute(trx);
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      }
      const { rows } = await sql<{
        detail: string;
      }>`explain query plan select * from events where ${where}`.execute(trx);
      return rows.map((r) => r.detail).join("\n");
    });
    expect(plan).toMatch(
      ctx.engine === "postgres" ? /events_title_english_fts_idx/ : /events_fts_stems VIRTUAL TABLE/,
    );
  });
});

describe("the search indexes follow writes", () => {
  it("finds a new word after an update, and a deleted row no more", async () => {
    const search = () => titles((q) => q.textSearch("title", "harbour", { config: "english" }));
    const { data, error } = await supabase
      .from("events")
      .insert({ title: "Harbour Session" })
      .select("id")
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    expect(await search()).toEqual(["Harbour Session"]);
    await supabase.from("events").update({ title: "Quayside Session" }).eq("id", id);
    expect(await search()).toEqual([]);
    expect(await titles((q) => q.textSearch("title", "quayside"))).toEqual(["Quayside Session"]);
    await supabase.from("events").delete().eq("id", id);
    expect(await titles((q) => q.textSearch("title", "quayside"))).toEqual([]);
  });
});

describe("refusals", () => {
  async function refusal(search: (q: Events) => Events) {
    const { error, status } = await search(selectTitles(supabase));
    return { status, code: error?.code };
  }

  it("answer a query to_tsquery cannot read with 400 42601, never a 500", async () => {
    for (const query of [
      "writers &",
      "writers demos",
      "(writers",
      "a <2> b",
      "writer:A",
      "hip-hop",
      "!",
      "&",
    ]) {
      expect(await refusal((q) => q.textSearch("description", query)), query).toEqual({
        status: 400,
        code: "42601",
      });
    }
  });

  it("answer any query, of any type, with 200 or a 400 in PostgREST's shape, never a 500", async () => {
    const piece = fc.constantFrom(
      "writer",
      "Demos",
      "the",
      "å",
      "&",
      "|",
      "!",
      "(",
      ")",
      "<->",
      "<2>",
      ":*",
      ":A",
      "'",
      '"',
      "-",
      " or ",
      " ",
      "\\",
      "%",
      "{",
      "*",
    );
    const query = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(""));
    const types = ["fts", "plfts", "phfts", "wfts"] as const;
    await fc.assert(
      fc.asyncProperty(
        query,
        fc.constantFrom(...types),
        fc.constantFrom("simple", "english", "swedish"),
        async (q, op, config) => {
          const { error, status } = await selectTitles(supabase).filter("description", `${op}(${config})`, q);
          expect(status, `${op}(${config}).${q}`).toBeLessThan(500);
          if (op !== "fts") expect(status, `${op}.${q}`).toBe(200);
          if (status !== 200) expect(error?.code, q).toBe("42601");
        },
      ),
      { numRuns: 120 },
    );
  });

  it("refuse an unknown configuration, and a column not declared searchable", async () => {
    expect(await refusal((q) => q.textSearch("description", "demos", { config: "german" }))).toEqual({
      status: 400,
      code: "PGRST100",
    });
    expect(await refusal((q) => q.textSearch("location", "stockholm"))).toEqual({
      status: 400,
      code: "42883",
    });
  });
});
