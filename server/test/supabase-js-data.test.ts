import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { compatItemsTable, createCompatTable } from "./support/compat-table";
import { stockClient } from "./support/stock-supabase";

/**
 * A stock @supabase/supabase-js client against the real server, on this run's engine, through every
 * filter, order, range, count, single-object and write form the data API supports. Each expectation is
 * what PostgREST's documentation says it answers (status, body, Content-Range).
 */

let ctx: TestContext;
let server: Server;
let base: string;
let staff: SupabaseClient;
let anon: SupabaseClient;
const lastRange: { value: string | null } = { value: null };

/** supabase-js with a fetch that remembers the last Content-Range (the client does not expose it). */
function client(bearer: string) {
  return stockClient(base, ctx.anonKey, {
    bearer,
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      lastRange.value = res.headers.get("content-range");
      return res;
    },
  });
}

const rows = [
  {
    name: "Åsa Demo",
    category: "pop",
    score: 8,
    rating: 4.5,
    active: true,
    released_at: "2026-01-10T10:00:00.000Z",
    tags: ["pop", "swedish"],
  },
  {
    name: "Björn Beats",
    category: "hiphop",
    score: 5,
    rating: null,
    active: false,
    released_at: "2026-03-01T08:30:00.000Z",
    tags: ["hip hop"],
  },
  {
    name: "Cecilia, Strings",
    category: "classical",
    score: 9,
    rating: 3.25,
    active: true,
    released_at: null,
    tags: ["strings", "pop"],
  },
  {
    name: "Dag 50% Mix",
    category: null,
    score: 2,
    rating: 1,
    active: false,
    released_at: "2025-12-24T18:00:00.000Z",
    tags: [],
  },
  {
    name: "Elin Keys",
    category: "pop",
    score: 7,
    rating: 4.5,
    active: true,
    released_at: "2026-06-15T12:00:00.000Z",
    tags: ["keys"],
  },
];

/** The filter methods of supabase-js's query builder that the cases below use. */
interface Query extends PromiseLike<{ data: unknown; error: { code: string } | null; status: number }> {
  eq(column: string, value: unknown): Query;
  neq(column: string, value: unknown): Query;
  gt(column: string, value: unknown): Query;
  gte(column: string, value: unknown): Query;
  lt(column: string, value: unknown): Query;
  lte(column: string, value: unknown): Query;
  like(column: string, pattern: string): Query;
  ilike(column: string, pattern: string): Query;
  is(column: string, value: boolean | null): Query;
  in(column: string, values: unknown[]): Query;
  contains(column: string, value: unknown[]): Query;
  containedBy(column: string, value: unknown[]): Query;
  overlaps(column: string, value: unknown[]): Query;
  not(column: string, operator: string, value: unknown): Query;
  or(filters: string): Query;
}

const names = (data: unknown) => (data as { name: string }[]).map((r) => r.name);

beforeAll(async () => {
  ctx = await createTestContext({ seed: false, tables: { compat_items: compatItemsTable } });
  await createCompatTable(ctx.db);
  server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  staff = client(await ctx.userToken({ role: "staff" }));
  anon = client(ctx.anonKey);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

describe("supabase-js: inserts", () => {
  it("bulk-inserts an array and returns the rows with select() (201)", async () => {
    const { data, error, status } = await staff.from("compat_items").insert(rows).select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toHaveLength(5);
    expect(data?.[0]).toMatchObject({ ...rows[0], id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(data?.[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("inserts one object with return=minimal: 201 and no body", async () => {
    const { data, error, status } = await staff.from("compat_items").insert({ name: "Frida Folk", score: 3 });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const { data: stored } = await staff
      .from("compat_items")
      .select("name, active, tags")
      .eq("name", "Frida Folk")
      .single();
    expect(stored).toEqual({ name: "Frida Folk", active: false, tags: [] });
  });

  it("answers 409 23505 for a duplicate key and writes nothing", async () => {
    const { error, status } = await staff.from("compat_items").insert([
      { name: "Gustav", score: 1 },
      { name: "Elin Keys", score: 1 },
    ]);
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: "23505", details: expect.stringContaining("(name)=(Elin Keys)") });
    const { count } = await staff
      .from("compat_items")
      .select("*", { count: "exact", head: true })
      .eq("name", "Gustav");
    expect(count).toBe(0);
  });

  it("answers 400 23502 when a required column is missing or null in a bulk insert", async () => {
    const { error, status } = await staff
      .from("compat_items")
      .insert([{ name: "Hanna", score: 1 }, { name: "Ivar" } as never]);
    expect(status).toBe(400);
    expect(error?.code).toBe("23502");
  });

  it("answers 400 23514 for a failed check and 409 23503 for a missing parent", async () => {
    const check = await staff.from("compat_items").insert({ name: "Jonna", score: -1 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe("23514");
    const fk = await staff
      .from("compat_items")
      .insert({ name: "Jonna", score: 1, parent_id: "00000000-0000-4000-8000-000000000000" });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe("23503");
  });

  it("refuses the anonymous key with 401 42501", async () => {
    const { error, status } = await anon.from("compat_items").insert({ name: "Anon", score: 1 });
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
  });
});

describe("supabase-js: filters", () => {
  it.each([
    ["eq", (q: Query) => q.eq("category", "pop"), ["Elin Keys", "Åsa Demo"]],
    ["neq", (q: Query) => q.neq("category", "pop"), ["Björn Beats", "Cecilia, Strings"]],
    ["gt", (q: Query) => q.gt("score", 7), ["Cecilia, Strings", "Åsa Demo"]],
    ["gte", (q: Query) => q.gte("score", 7), ["Cecilia, Strings", "Elin Keys", "Åsa Demo"]],
    ["lt", (q: Query) => q.lt("score", 3), ["Dag 50% Mix"]],
    [
      "lte on a timestamp",
      (q: Query) => q.lte("released_at", "2026-01-10T10:00:00Z"),
      ["Dag 50% Mix", "Åsa Demo"],
    ],
    ["like (case-sensitive)", (q: Query) => q.like("name", "%Keys"), ["Elin Keys"]],
    ["like misses other case", (q: Query) => q.like("name", "%keys"), []],
    ["ilike across Unicode case", (q: Query) => q.ilike("name", "åsa%"), ["Åsa Demo"]],
    ["is null", (q: Query) => q.is("category", null), ["Dag 50% Mix"]],
    ["is true", (q: Query) => q.is("active", true), ["Cecilia, Strings", "Elin Keys", "Åsa Demo"]],
    [
      "in with a comma inside a value",
      (q: Query) => q.in("name", ["Cecilia, Strings", "Dag 50% Mix"]),
      ["Cecilia, Strings", "Dag 50% Mix"],
    ],
    ["contains (cs)", (q: Query) => q.contains("tags", ["pop"]), ["Cecilia, Strings", "Åsa Demo"]],
    [
      "contained by (cd)",
      (q: Query) => q.containedBy("tags", ["pop", "swedish", "keys"]),
      ["Dag 50% Mix", "Elin Keys", "Åsa Demo"],
    ],
    ["overlaps (ov)", (q: Query) => q.overlaps("tags", ["hip hop", "keys"]), ["Björn Beats", "Elin Keys"]],
    [
      "not",
      (q: Query) => q.not("category", "eq", "pop").not("category", "is", null),
      ["Björn Beats", "Cecilia, Strings"],
    ],
    ["or", (q: Query) => q.or("score.lt.3,category.eq.hiphop"), ["Björn Beats", "Dag 50% Mix"]],
    [
      "or with a nested and",
      (q: Query) => q.or("name.eq.Dag 50% Mix,and(category.eq.pop,rating.gte.4.5)"),
      ["Dag 50% Mix", "Elin Keys", "Åsa Demo"],
    ],
  ])("%s", async (_name, apply, expected) => {
    const query = staff.from("compat_items").select("name").neq("name", "Frida Folk").order("name");
    const { data, error, status } = await apply(query as unknown as Query);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(names(data)).toEqual(expected);
  });

  it("answers 400 42703 for an unknown column and 22P02 for a value of the wrong type", async () => {
    const unknown = await staff.from("compat_items").select("*").eq("nope", 1);
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe("42703");
    const wrongType = await staff.from("compat_items").select("*").eq("score", "many");
    expect(wrongType.status).toBe(400);
    expect(wrongType.error?.code).toBe("22P02");
  });
});

describe("supabase-js: order, range, count and single objects", () => {
  it("orders by several columns with null placement", async () => {
    const { data } = await staff
      .from("compat_items")
      .select("name, rating")
      .neq("name", "Frida Folk")
      .order("rating", { ascending: false, nullsFirst: true })
      .order("name", { ascending: true });
    expect(names(data)).toEqual(["Björn Beats", "Elin Keys", "Åsa Demo", "Cecilia, Strings", "Dag 50% Mix"]);
  });

  it("pages with range(): Content-Range from-to/* without a count", async () => {
    const { data, status } = await staff.from("compat_items").select("name").order("name").range(1, 2);
    expect(status).toBe(200);
    expect(names(data)).toEqual(["Cecilia, Strings", "Dag 50% Mix"]);
    expect(lastRange.value).toBe("1-2/*");
  });

  it("counts exactly: 206 with from-to/total for a partial page", async () => {
    const { data, count, status } = await staff
      .from("compat_items")
      .select("name", { count: "exact" })
      .order("name")
      .range(0, 1);
    expect(status).toBe(206);
    expect(count).toBe(6);
    expect(data).toHaveLength(2);
    expect(lastRange.value).toBe("0-1/6");
  });

  it("counts with head: true (HEAD, no body)", async () => {
    const { data, count, status } = await staff
      .from("compat_items")
      .select("*", { count: "exact", head: true })
      .eq("category", "pop");
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(2);
  });

  it("single() answers the one row as an object, and 406 PGRST116 otherwise", async () => {
    const one = await staff.from("compat_items").select("name, score").eq("name", "Elin Keys").single();
    expect(one.data).toEqual({ name: "Elin Keys", score: 7 });
    const none = await staff.from("compat_items").select("name").eq("name", "Nobody").single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe("PGRST116");
    const many = await staff.from("compat_items").select("name").eq("category", "pop").single();
    expect(many.status).toBe(406);
  });

  it("maybeSingle() answers null for no row", async () => {
    const { data, error } = await staff
      .from("compat_items")
      .select("name")
      .eq("name", "Nobody")
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });
});

describe("supabase-js: upsert, update and delete", () => {
  it("upserts on a unique column, merging duplicates", async () => {
    const { data, error, status } = await staff
      .from("compat_items")
      .upsert(
        [
          { name: "Elin Keys", score: 10 },
          { name: "Kalle Kick", score: 4 },
        ],
        { onConflict: "name" },
      )
      .select("name, score, tags");
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { name: "Elin Keys", score: 10, tags: ["keys"] },
      { name: "Kalle Kick", score: 4, tags: [] },
    ]);
  });

  it("upserts ignoring duplicates: the existing row stays as it was", async () => {
    const { data, status } = await staff
      .from("compat_items")
      .upsert({ name: "Elin Keys", score: 1 }, { onConflict: "name", ignoreDuplicates: true })
      .select("name");
    expect(status).toBe(201);
    expect(data).toEqual([]);
    const { data: row } = await staff.from("compat_items").select("score").eq("name", "Elin Keys").single();
    expect(row).toEqual({ score: 10 });
  });

  it("updates the filtered rows: 204 by default, 200 with the rows when selected", async () => {
    const minimal = await staff.from("compat_items").update({ rating: 2 }).eq("name", "Kalle Kick");
    expect(minimal.status).toBe(204);
    const { data, status } = await staff
      .from("compat_items")
      .update({ score: 6, tags: ["drums"] })
      .eq("name", "Kalle Kick")
      .select("name, score, rating, tags");
    expect(status).toBe(200);
    expect(data).toEqual([{ name: "Kalle Kick", score: 6, rating: 2, tags: ["drums"] }]);
  });

  it("refuses an update or a delete without a filter (400) and changes nothing", async () => {
    const before = await staff.from("compat_items").select("*", { count: "exact", head: true });
    const unfiltered = await staff.from("compat_items").delete();
    expect(unfiltered.status).toBe(400);
    expect(unfiltered.error?.code).toBe("21000");
    const after = await staff.from("compat_items").select("*", { count: "exact", head: true });
    expect(after.count).toBe(before.count);
  });

  it("an update with the version it read applies once; a stale copy changes nothing", async () => {
    const { data: read } = await staff
      .from("compat_items")
      .select("id, updated_at")
      .eq("name", "Åsa Demo")
      .single();
    const first = await staff
      .from("compat_items")
      .update({ score: 3 })
      .eq("id", read?.id)
      .eq("updated_at", read?.updated_at)
      .select("score");
    expect(first.data).toEqual([{ score: 3 }]);
    const stale = await staff
      .from("compat_items")
      .update({ score: 4 })
      .eq("id", read?.id)
      .eq("updated_at", read?.updated_at)
      .select("score");
    expect(stale.data).toEqual([]);
  });

  it("deletes the filtered rows: 204, or 200 with the deleted rows", async () => {
    const minimal = await staff.from("compat_items").delete().eq("name", "Kalle Kick");
    expect(minimal.status).toBe(204);
    const { data, status } = await staff
      .from("compat_items")
      .delete()
      .eq("name", "Frida Folk")
      .select("name");
    expect(status).toBe(200);
    expect(data).toEqual([{ name: "Frida Folk" }]);
    const { count } = await staff.from("compat_items").select("*", { count: "exact", head: true });
    expect(count).toBe(5);
  });
});
