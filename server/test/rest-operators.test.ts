import { randomUUID } from "node:crypto";
import { PostgrestClient } from "@supabase/postgrest-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "./helpers";
import { startStaffDataApi } from "./support/live-server";

/**
 * PostgREST's remaining operators through the stock client: regular expressions (linear time, refused
 * alike where the engines would read a pattern differently), quantified like/ilike, isdistinct, whole-list
 * eq/neq, not.in and is.unknown. The same expectations hold on SQLite and PostgreSQL.
 */

let ctx: TestContext;
let closeServer: () => Promise<void>;
let client: PostgrestClient;
let url = "";

const FIXTURE = [
  { first_name: "Anna", last_name: "Berg", stage_name: "Baywatch", roles: ["artist", "producer"] },
  { first_name: "Bo", last_name: "Lind", stage_name: null, roles: ["producer"] },
  { first_name: "Cia", last_name: "Ek", stage_name: "DJ Bay\nNight", roles: [] },
  { first_name: "Dan", last_name: "Åberg", stage_name: "åska", roles: ["artist"] },
];

beforeAll(async () => {
  const api = await startStaffDataApi();
  ({ ctx, client, close: closeServer } = api);
  url = api.rest;
  const { error } = await client.from("crm_contacts").insert(FIXTURE);
  expect(error).toBeNull();
});
afterAll(async () => {
  await closeServer?.();
});

type Query = ReturnType<ReturnType<PostgrestClient["from"]>["select"]>;

/** The first names the filtered read answers, sorted; fails on any error. */
async function names(filter: (q: Query) => Query): Promise<string[]> {
  const { data, error } = await filter(client.from("crm_contacts").select("first_name"));
  expect(error).toBeNull();
  return (data as { first_name: string }[]).map((r) => r.first_name).sort();
}

describe("match and imatch", () => {
  it("answer PostgreSQL's ~ and ~*, with . matching a newline and NULLs left out under not", async () => {
    expect(await names((q) => q.filter("stage_name", "match", "^B"))).toEqual(["Anna"]);
    expect(await names((q) => q.filter("stage_name", "match", "^b"))).toEqual([]);
    expect(await names((q) => q.filter("stage_name", "imatch", "^b"))).toEqual(["Anna"]);
    expect(await names((q) => q.filter("stage_name", "imatch", "^ÅSKA$"))).toEqual(["Dan"]);
    expect(await names((q) => q.filter("stage_name", "match", "Bay.Night$"))).toEqual(["Cia"]);
    expect(await names((q) => q.filter("stage_name", "match", "[[:upper:]]{2}"))).toEqual(["Cia"]);
    expect(await names((q) => q.not("stage_name", "match", "^B"))).toEqual(["Cia", "Dan"]);
    expect(await names((q) => q.or("stage_name.match.^D,last_name.imatch.^lind$"))).toEqual(["Bo", "Cia"]);
  });

  it("match a backtracking pattern against a long value quickly", async () => {
    const long = `${"a".repeat(200_000)}!`;
    // Longer than the API lets anyone write: as if stored before the limit, the worst a filter meets.
    await ctx.db
      .insertInto("crm_contacts" as never)
      .values({ id: randomUUID(), first_name: "Long", last_name: "Read", notes: long } as never)
      .execute();
    const started = performance.now();
    expect(await names((q) => q.filter("notes", "match", "^(a+)+$"))).toEqual([]);
    expect(await names((q) => q.filter("notes", "imatch", "(a|aa)*!$"))).toEqual(["Long"]);
    expect(performance.now() - started).toBeLessThan(2000);
    await client.from("crm_contacts").delete().eq("first_name", "Long");
  });

  it("refuse with 400 2201B what either engine would refuse or read otherwise", async () => {
    for (const pattern of ["(a)\\1", "(?=a)b", "a\\b", "x{256}", "[a", "x".repeat(513)]) {
      const { error, status } = await client
        .from("crm_contacts")
        .select("first_name")
        .filter("stage_name", "match", pattern);
      expect(status, pattern).toBe(400);
      expect(error?.code, pattern).toBe("2201B");
      expect(error?.message, pattern).toMatch(/^invalid regular expression/);
    }
    const { error } = await client.from("crm_contacts").select("id").filter("roles", "match", "^a");
    expect(error?.code).toBe("42883");
  });
});

describe("quantified like and ilike", () => {
  it("answer like(any), like(all), ilike(any) and ilike(all) as PostgreSQL's ANY and ALL", async () => {
    expect(await names((q) => q.likeAnyOf("stage_name", ["Bay*", "DJ*"]))).toEqual(["Anna", "Cia"]);
    expect(await names((q) => q.likeAllOf("stage_name", ["*Bay*", "*Night"]))).toEqual(["Cia"]);
    expect(await names((q) => q.ilikeAnyOf("stage_name", ["bay*", "Å*"]))).toEqual(["Anna", "Dan"]);
    expect(await names((q) => q.ilikeAllOf("last_name", ["*BERG", "å*"]))).toEqual(["Dan"]);
    expect(await names((q) => q.not("stage_name", "like(any)", "{Bay*,DJ*}"))).toEqual(["Dan"]);
    // An empty list: no alternative holds for any; every row (even a NULL's) satisfies all.
    expect(await names((q) => q.filter("stage_name", "like(any)", "{}"))).toEqual([]);
    expect(await names((q) => q.filter("stage_name", "like(all)", "{}"))).toEqual([
      "Anna",
      "Bo",
      "Cia",
      "Dan",
    ]);
    expect(await names((q) => q.filter("first_name", "eq(any)", "{Bo,Dan}"))).toEqual(["Bo", "Dan"]);
  });

  it("refuse an operator that takes no quantifier", async () => {
    const { error, status } = await client
      .from("crm_contacts")
      .select("id")
      .filter("roles", "cs(any)", "{a}");
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST100");
  });
});

describe("isdistinct, whole lists, not.in and is.unknown", () => {
  it("isdistinct treats NULL as a value", async () => {
    expect(await names((q) => q.filter("stage_name", "isdistinct", "Baywatch"))).toEqual([
      "Bo",
      "Cia",
      "Dan",
    ]);
    expect(await names((q) => q.not("stage_name", "isdistinct", "Baywatch"))).toEqual(["Anna"]);
  });

  it("eq and neq compare a list whole, in order", async () => {
    expect(await names((q) => q.eq("roles", "{artist,producer}"))).toEqual(["Anna"]);
    expect(await names((q) => q.eq("roles", "{producer,artist}"))).toEqual([]);
    expect(await names((q) => q.eq("roles", "{}"))).toEqual(["Cia"]);
    expect(await names((q) => q.neq("roles", "{producer}"))).toEqual(["Anna", "Cia", "Dan"]);
    const { error } = await client.from("crm_contacts").select("id").eq("roles", "artist");
    expect(error?.code).toBe("PGRST100");
  });

  it("not.in leaves out the listed values and the NULLs", async () => {
    expect(await names((q) => q.not("first_name", "in", "(Anna,Bo)"))).toEqual(["Cia", "Dan"]);
    expect(await names((q) => q.not("stage_name", "in", '("Baywatch","åska")'))).toEqual(["Cia"]);
  });

  it("is.unknown is IS UNKNOWN on a boolean, and refused on other columns", async () => {
    const events = new PostgrestClient(url, { headers: { apikey: ctx.anonKey } });
    await ctx.db
      .insertInto("events" as never)
      .values({ id: randomUUID(), title: "Open day", published: true } as never)
      .execute();
    const unknown = await events
      .from("events")
      .select("title")
      .is("published", "unknown" as never);
    expect(unknown.error).toBeNull();
    expect(unknown.data).toEqual([]);
    const known = await events.from("events").select("title").not("published", "is", "unknown");
    expect(known.data).toEqual([{ title: "Open day" }]);
    const text = await events
      .from("events")
      .select("title")
      .is("title", "unknown" as never);
    expect(text.status).toBe(400);
    expect(text.error?.code).toBe("42883");
  });
});
