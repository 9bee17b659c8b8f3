import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { openOtherConnection } from "./support/test-database";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (path: string) => request(ctx.app).get(path).set("apikey", ctx.anonKey);

describe("GET /rest/v1/events", () => {
  it("orders by event_date ascending with undated events last, as PostgreSQL does", async () => {
    const res = await get("/rest/v1/events?select=*&order=event_date.asc");
    expect(res.status).toBe(200);
    const dates = res.body.map((e: { event_date: string | null }) => e.event_date);
    const dated = dates.filter((d: string | null) => d !== null);
    expect(dated).toEqual([...dated].sort());
    expect(dates.at(-1)).toBeNull();
    expect(res.body[0]).toHaveProperty("title");
  });

  it("orders descending with undated events first", async () => {
    const res = await get("/rest/v1/events?order=event_date.desc");
    const dates = res.body.map((e: { event_date: string | null }) => e.event_date);
    expect(dates[0]).toBeNull();
    const dated = dates.filter((d: string | null) => d !== null);
    expect(dated).toEqual([...dated].sort().reverse());
  });

  it("pages with limit and offset and says so in Content-Range", async () => {
    const all = (await get("/rest/v1/events?order=event_date.asc")).body;
    const page = await get("/rest/v1/events?order=event_date.asc&limit=2&offset=3");
    expect(page.body).toEqual(all.slice(3, 5));
    expect(page.headers["content-range"]).toBe("3-4/*");
  });

  it("returns only the selected columns", async () => {
    const res = await get("/rest/v1/events?select=id,title&limit=1");
    expect(Object.keys(res.body[0])).toEqual(["id", "title"]);
  });

  it.each([
    ["a filter on an unknown column", "/rest/v1/events?secret=eq.upcoming", "42703"],
    ["an unknown order column", "/rest/v1/events?order=secret.asc", "42703"],
    ["an unknown operator", "/rest/v1/events?status=matches.upcoming", "PGRST100"],
    ["a negative limit", "/rest/v1/events?limit=-1", "PGRST100"],
    ["an unknown column in select", "/rest/v1/events?select=id,nope", "42703"],
    ["an embedded resource no foreign key relates", "/rest/v1/events?select=*,owner(*)", "PGRST200"],
    ["a repeated parameter", "/rest/v1/events?limit=1&limit=2", "PGRST100"],
  ])("answers 400 with PostgREST's error body for %s", async (_name, path, code) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, message: expect.any(String), hint: null });
    expect(Object.keys(res.body).sort()).toEqual(["code", "details", "hint", "message"]);
  });

  it("sees rows written after a cached read, by this process or another one", async () => {
    const count = async () => (await get("/rest/v1/events?select=id")).body.length;
    const before = await count();
    const other = await openOtherConnection(ctx.databaseUrl);
    await other
      .insertInto("events")
      .values({ id: randomUUID(), title: "Written elsewhere", status: "upcoming", published: true })
      .execute();
    await other.close();
    // Another process's commit reaches this one as SQLite's data_version or PostgreSQL's NOTIFY.
    await expect.poll(count, { timeout: 2000 }).toBe(before + 1);
    await ctx.db.deleteFrom("events").where("title", "=", "Written elsewhere").execute();
    expect(await count()).toBe(before);
  });

  it("filters with PostgREST's operators, which the anonymous key may use", async () => {
    const res = await get("/rest/v1/events?status=eq.upcoming&select=title,status&order=event_date.asc");
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((e: { status: string }) => e.status === "upcoming")).toBe(true);
    const none = await get("/rest/v1/events?status=eq.upcoming&status=eq.past");
    expect(none.body).toEqual([]);
  });

  it("is read-only for the anonymous key: writes answer 401 42501 and change nothing", async () => {
    const before = (await get("/rest/v1/events?select=id")).body.length;
    const insert = await request(ctx.app)
      .post("/rest/v1/events")
      .set("apikey", ctx.anonKey)
      .send({ title: "Spam" });
    expect(insert.status).toBe(401);
    expect(insert.body.code).toBe("42501");
    const remove = await request(ctx.app)
      .delete("/rest/v1/events?status=eq.upcoming")
      .set("apikey", ctx.anonKey);
    expect(remove.status).toBe(401);
    expect((await get("/rest/v1/events?select=id")).body.length).toBe(before);
  });

  it("needs an API key", async () => {
    const res = await request(ctx.app).get("/rest/v1/events");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "No API key found in request" });
  });

  it("refuses an API key not signed with our secret", async () => {
    const forged = ctx.anonKey.replace(/\.[^.]+$/, ".c2lnbmF0dXJl");
    const res = await request(ctx.app).get("/rest/v1/events").set("apikey", forged);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Invalid API key" });
  });

  it("accepts the anonymous key as a bearer token, as supabase-js sends it", async () => {
    const res = await request(ctx.app).get("/rest/v1/events").set("Authorization", `Bearer ${ctx.anonKey}`);
    expect(res.status).toBe(200);
  });
});
