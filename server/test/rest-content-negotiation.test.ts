import type { PostgrestClient } from "@supabase/postgrest-js";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "./helpers";
import { startStaffDataApi } from "./support/live-server";

/**
 * What the data API answers by the Accept header (JSON, one object, CSV, or PostgREST's 406 before
 * anything is read or written), the Range-Unit and Preference-Applied headers PostgREST sends, and
 * `?columns=` limiting an insert's keys.
 */

let ctx: TestContext;
let closeServer: () => Promise<void>;
let base = "";
let token = "";
let client: PostgrestClient;

beforeAll(async () => {
  const api = await startStaffDataApi();
  ({ ctx, token, client, close: closeServer } = api);
  base = api.rest;
  const { error } = await client.from("crm_contacts").insert([
    {
      first_name: "Anna",
      last_name: "Berg, Jr.",
      stage_name: '=HYPERLINK("x")',
      roles: ["artist", "lead vocals"],
      reliability_score: 7,
    },
    { first_name: "Bo", last_name: "Lind\nNorth", stage_name: null, roles: [], reliability_score: null },
  ]);
  expect(error).toBeNull();
});
afterAll(async () => {
  await closeServer?.();
});

const staffFetch = (path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, {
    ...init,
    headers: { apikey: ctx.anonKey, Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });

async function contactCount() {
  const { count } = await client.from("crm_contacts").select("id", { count: "exact", head: true });
  return count;
}

describe("Accept: text/csv", () => {
  it("answers supabase-js's .csv() as RFC 4180 with a header row, formulas kept text", async () => {
    const { data, error, status } = await client
      .from("crm_contacts")
      .select("first_name,last_name,stage_name,roles,reliability_score")
      .order("first_name")
      .csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(
      "first_name,last_name,stage_name,roles,reliability_score\r\n" +
        `Anna,"Berg, Jr.","'=HYPERLINK(""x"")","{artist,""lead vocals""}",7\r\n` +
        'Bo,"Lind\nNorth",,{},',
    );
    const records = parse(data as unknown as string, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.last_name)).toEqual(["Berg, Jr.", "Lind\nNorth"]);
  });

  it("answers the header row alone when nothing matches, and t/f for booleans", async () => {
    const none = await staffFetch("/crm_contacts?select=first_name,email&first_name=eq.Nobody", {
      headers: { Accept: "text/csv" },
    });
    expect(none.status).toBe(200);
    expect(none.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await none.text()).toBe("first_name,email");
    await client.from("events").insert({ title: "Open day", published: true });
    const events = await staffFetch("/events?select=title,published", { headers: { Accept: "text/csv" } });
    expect(await events.text()).toBe("title,published\r\nOpen day,t");
  });

  it("is refused to a caller who may not read the table, before anything is written as CSV", async () => {
    const res = await fetch(`${base}/crm_contacts`, { headers: { apikey: ctx.anonKey, Accept: "text/csv" } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe("42501");
  });

  it("takes the client's preference among several types, and */* as JSON", async () => {
    for (const accept of [
      "text/csv, application/json",
      "application/json;q=0.5, text/csv",
      "text/x, text/csv",
    ]) {
      const res = await staffFetch("/crm_contacts?select=first_name&order=first_name", {
        headers: { Accept: accept },
      });
      expect(res.headers.get("content-type"), accept).toBe("text/csv; charset=utf-8");
      expect(await res.text(), accept).toBe("first_name\r\nAnna\r\nBo");
    }
    const rescued = await staffFetch("/crm_contacts?select=first_name&limit=1", {
      headers: { Accept: "text/unknowntype, */*" },
    });
    expect(rescued.status).toBe(200);
    expect(await rescued.json()).toEqual([{ first_name: "Anna" }]);
  });
});

describe("a media type the data API does not answer", () => {
  it("is PostgREST's 406 PGRST107, for geojson and anything unknown", async () => {
    const geo = await client.from("crm_contacts").select("id").geojson();
    expect([geo.status, geo.error?.code, geo.error?.message]).toEqual([
      406,
      "PGRST107",
      "None of these media types are available: application/geo+json",
    ]);
    // PostgREST names every type asked for, parameters left out.
    const unknown = await staffFetch("/crm_contacts", {
      headers: { Accept: "text/unknowntype; v=1, text/x" },
    });
    expect([unknown.status, await unknown.json()]).toEqual([
      406,
      {
        code: "PGRST107",
        message: "None of these media types are available: text/unknowntype, text/x",
        details: null,
        hint: null,
      },
    ]);
  });

  it("refuses a write before anything is written", async () => {
    const before = await contactCount();
    const res = await staffFetch("/crm_contacts", {
      method: "POST",
      headers: {
        Accept: "application/geo+json",
        "Content-Type": "application/json",
        Prefer: "return=representation",
      },
      body: JSON.stringify({ first_name: "Geo", last_name: "Json" }),
    });
    expect(res.status).toBe(406);
    expect(await contactCount()).toBe(before);
  });

  it("answers a written row as CSV when asked", async () => {
    const res = await staffFetch("/crm_contacts?select=first_name,last_name", {
      method: "POST",
      headers: { Accept: "text/csv", "Content-Type": "application/json", Prefer: "return=representation" },
      body: JSON.stringify({ first_name: "Cia", last_name: "Ek" }),
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe("first_name,last_name\r\nCia,Ek");
    await client.from("crm_contacts").delete().eq("first_name", "Cia");
  });
});

describe("Range-Unit and Preference-Applied", () => {
  it("sends Range-Unit: items with a read, and the honoured preferences as PostgREST orders them", async () => {
    const read = await staffFetch("/crm_contacts?select=id", {
      headers: { Prefer: "count=exact, return=minimal" },
    });
    expect(read.headers.get("range-unit")).toBe("items");
    expect(read.headers.get("content-range")).toBe("0-1/2");
    expect(read.headers.get("preference-applied")).toBe("count=exact");
    const plain = await staffFetch("/crm_contacts?select=id");
    expect(plain.headers.get("preference-applied")).toBeNull();

    const insert = await staffFetch("/crm_contacts", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Prefer: "count=exact, return=representation, nonsense=1, missing=default",
      },
      body: JSON.stringify({ first_name: "Dan", last_name: "Åberg" }),
    });
    expect(insert.status).toBe(201);
    expect(insert.headers.get("preference-applied")).toBe(
      "missing=default, return=representation, count=exact",
    );

    const strict = await staffFetch("/crm_contacts?first_name=eq.Dan", {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Prefer: "handling=strict, max-affected=10" },
      body: JSON.stringify({ stage_name: "D" }),
    });
    expect(strict.status).toBe(204);
    expect(strict.headers.get("preference-applied")).toBe("handling=strict, max-affected=10");

    const removed = await staffFetch("/crm_contacts?first_name=eq.Dan", {
      method: "DELETE",
      headers: { Prefer: "return=minimal, max-affected=5" },
    });
    expect(removed.status).toBe(204);
    expect(removed.headers.get("preference-applied")).toBe("return=minimal");
  });
});

describe("?columns= on an insert", () => {
  it("inserts only the named keys, null where a row lacks one", async () => {
    const res = await staffFetch(
      "/crm_contacts?columns=first_name,last_name,location&select=first_name,stage_name,location",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Prefer: "return=representation" },
        body: JSON.stringify([
          { first_name: "Eva", last_name: "Ö", stage_name: "Left out", location: "Lund" },
          { first_name: "Fia", last_name: "Ö", stage_name: "Left out" },
        ]),
      },
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([
      { first_name: "Eva", stage_name: null, location: "Lund" },
      { first_name: "Fia", stage_name: null, location: null },
    ]);
    await client.from("crm_contacts").delete().in("first_name", ["Eva", "Fia"]);
  });

  it("refuses a column the table lacks with PGRST204, writing nothing", async () => {
    const before = await contactCount();
    const res = await staffFetch("/crm_contacts?columns=first_name,nope", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ first_name: "Gus", last_name: "Ö" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("PGRST204");
    expect(await contactCount()).toBe(before);
  });
});
