import { tables } from "@app/contracts";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whereSql } from "../src/rest/postgrest/conditions";
import { parseQuery } from "../src/rest/postgrest/parse-query";
import { createTestContext, type TestContext } from "./helpers";

/**
 * The talent search (`ilike` over names and e-mail, as the web app sends it) answers through the search
 * indexes (SQLite's trigram FTS table, PostgreSQL's pg_trgm) exactly what a scan would: case folded
 * across Unicode, following inserts, renames and deletes, and short or wildcard patterns still work.
 */
let ctx: TestContext;
let token = "";
beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.userToken({ role: "staff" });
});
afterAll(() => ctx.close());

const staff = <T extends request.Test>(test: T) =>
  test.set("apikey", ctx.anonKey).set("Authorization", `Bearer ${token}`);
const COLUMNS = ["first_name", "last_name", "stage_name", "email"];
const quote = (v: string) => `"${v.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
/** The web app's search filter: every word in one of the columns. */
const searchFilter = (text: string) =>
  `(${text
    .split(/\s+/)
    .map((w) => `or(${COLUMNS.map((c) => `${c}.ilike.${quote(`*${w}*`)}`).join(",")})`)
    .join(",")})`;
const search = (text: string) => find({ and: searchFilter(text) });
const find = async (query: Record<string, string>) => {
  const res = await staff(
    request(ctx.app)
      .get("/rest/v1/crm_contacts")
      .query({ ...query, order: "last_name.asc" }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { first_name: string; last_name: string }[]).map(
    (r) => `${r.first_name} ${r.last_name}`,
  );
};

describe("searching contacts through the search index", () => {
  let id = "";
  it("finds a new contact by any part of a name, case folded across Unicode", async () => {
    const res = await staff(request(ctx.app).post("/rest/v1/crm_contacts"))
      .set("Prefer", "return=representation")
      .send({ first_name: "Åsa", last_name: "Ödegårdsvik", email: "asa.odegardsvik@example.com" });
    expect(res.status).toBe(201);
    id = res.body[0].id;
    expect(await search("åsa ödegårdsvik")).toEqual(["Åsa Ödegårdsvik"]);
    expect(await search("ÖDEGÅRD")).toEqual(["Åsa Ödegårdsvik"]);
    expect(await search("rdsvik")).toEqual(["Åsa Ödegårdsvik"]);
    expect(await search("asa.odegard")).toEqual(["Åsa Ödegårdsvik"]);
  });

  it("matches short words and wildcards without the index, the same way", async () => {
    expect(await search("Öd")).toContain("Åsa Ödegårdsvik");
    expect(await search("Ö_egård")).toEqual(["Åsa Ödegårdsvik"]);
    expect(await search("Öde*vik")).toEqual(["Åsa Ödegårdsvik"]);
  });

  it("follows a rename and a delete", async () => {
    const renamed = await staff(request(ctx.app).patch(`/rest/v1/crm_contacts?id=eq.${id}`)).send({
      last_name: "Lindqvarn",
    });
    expect(renamed.status).toBe(204);
    expect(await search("Ödegårdsvik")).toEqual([]);
    expect(await search("lindqvarn")).toEqual(["Åsa Lindqvarn"]);
    const removed = await staff(request(ctx.app).delete(`/rest/v1/crm_contacts?id=eq.${id}`));
    expect(removed.status).toBe(204);
    expect(await search("lindqvarn")).toEqual([]);
  });

  it("answers a search box's or-group that mixes texts, columns or negations as a scan would", async () => {
    const created = await staff(request(ctx.app).post("/rest/v1/crm_contacts")).send([
      { first_name: "Qwynn", last_name: "Zorvelund", location: "Zorveby" },
      { first_name: "Zorvelle", last_name: "Qwynnström" },
      { first_name: "Ann", last_name: "Qwynnberg" },
    ]);
    expect(created.status).toBe(201);
    // Two texts in one group: each filter narrows on its own.
    expect(await find({ or: "(first_name.ilike.*zorvelle*,last_name.ilike.*zorvelund*)" })).toEqual([
      "Zorvelle Qwynnström",
      "Qwynn Zorvelund",
    ]);
    // A column outside the index (location) beside an indexed one.
    expect(await find({ or: "(first_name.ilike.*zorveby*,location.ilike.*zorveby*)" })).toEqual([
      "Qwynn Zorvelund",
    ]);
    // A negated member decides for a row no other member matches.
    expect(
      await find({
        and: "(last_name.ilike.*qwynn*)",
        or: "(first_name.ilike.*zorv*,last_name.not.ilike.*zorv*)",
      }),
    ).toEqual(["Ann Qwynnberg", "Zorvelle Qwynnström"]);
    // A negated group over the index.
    expect(
      await find({
        and: "(or(first_name.ilike.*qwynn*,last_name.ilike.*qwynn*))",
        "not.or": "(first_name.ilike.*zorv*,last_name.ilike.*zorv*)",
      }),
    ).toEqual(["Ann Qwynnberg"]);
  });

  it("drives SQLite's query for a search of several words from one index lookup", async () => {
    if (ctx.engine !== "sqlite") return;
    const where = whereSql(
      tables.crm_contacts,
      "sqlite",
      parseQuery({ and: searchFilter("lind berg") }).where,
    );
    const plan = await sql<{
      detail: string;
    }>`explain query plan select * from crm_contacts where ${where} order by last_name limit 50`.execute(
      ctx.db,
    );
    const steps = plan.rows.map((r) => r.detail);
    expect(steps[0]).toMatch(/^SEARCH crm_contacts USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    // Both words in one lookup: the index intersects them.
    expect(steps.filter((s) => s.includes("crm_contacts_search"))).toHaveLength(1);
  });

  it("keeps SQLite's search index in step with the table", async () => {
    if (ctx.engine !== "sqlite") return;
    // FTS5 compares its index with the content table and fails on any difference.
    await sql`insert into crm_contacts_search (crm_contacts_search) values ('integrity-check')`.execute(
      ctx.db,
    );
    const indexed = await sql<{ n: number }>`select count(*) as n from crm_contacts_search`.execute(ctx.db);
    const contacts = await sql<{ n: number }>`select count(*) as n from crm_contacts`.execute(ctx.db);
    expect(indexed.rows[0]?.n).toBe(contacts.rows[0]?.n);
  });
});
