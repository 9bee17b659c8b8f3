import { randomUUID } from "node:crypto";
import { tables } from "@app/contracts";
import { sql } from "kysely";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toStoredRow } from "../src/db/stored-values";
import { createTestContext, type TestContext } from "./helpers";

/**
 * `Prefer: count=planned` and `count=estimated` as PostgREST answers them: the same Content-Range shape
 * as an exact count (`0-49/<total>`, 206 while the page is partial), the total an estimate once more rows
 * match than one read may return (the table's most rows per read: 50 for contacts).
 */
let ctx: TestContext;
let token = "";
const ADDED = 1200;
let talents = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.userToken({ role: "staff" });
  const rows = Array.from({ length: ADDED }, (_, i) =>
    toStoredRow(
      tables.crm_contacts,
      {
        id: randomUUID(),
        first_name: `Count${i}`,
        last_name: `Estimate${String(i).padStart(5, "0")}`,
        roles: i % 4 === 0 ? ["Mix Engineer"] : ["Vocalist"],
        kind: "talent",
      },
      ctx.engine,
    ),
  );
  for (let i = 0; i < rows.length; i += 200) {
    await ctx.db
      .insertInto("crm_contacts")
      .values(rows.slice(i, i + 200) as never)
      .execute();
  }
  // PostgreSQL's estimates come from the statistics autovacuum would gather after such a load.
  if (ctx.engine === "postgres") await sql`analyze crm_contacts`.execute(ctx.db);
  const counted = await ctx.db
    .selectFrom("crm_contacts")
    .select(sql<number>`count(*)`.as("n"))
    .where("kind", "=", "talent")
    .where("archived_at", "is", null)
    .executeTakeFirstOrThrow();
  talents = Number(counted.n);
});
afterAll(() => ctx.close());

const read = (path: string, prefer: string) =>
  request(ctx.app)
    .get(path)
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${token}`)
    .set("Prefer", prefer);

const totalOf = (contentRange: string | undefined) => Number(contentRange?.split("/")[1]);
const ACTIVE_TALENT = "/rest/v1/crm_contacts?kind=eq.talent&archived_at=is.null&order=last_name.asc";

describe("Prefer: count=planned and count=estimated", () => {
  it.each(["planned", "estimated"])(
    "count=%s answers an estimate in PostgREST's shape on a big list",
    async (mode) => {
      const res = await read(`${ACTIVE_TALENT}&limit=50`, `count=${mode}`);
      expect(res.status).toBe(206);
      expect(res.body).toHaveLength(50);
      expect(res.headers["content-range"]).toMatch(/^0-49\/\d+$/);
      const total = totalOf(res.headers["content-range"]);
      // An estimate, not a count: near the real figure, never below the rows already answered.
      expect(total).toBeGreaterThanOrEqual(50);
      expect(total).toBeGreaterThan(talents / 2);
      expect(total).toBeLessThan(talents * 2);
    },
  );

  it("count=estimated counts exactly while no more rows match than one read returns", async () => {
    // Estimate00000 … Estimate00039: 40 rows, a page of 10 of them.
    const res = await read(
      `${ACTIVE_TALENT}&and=(last_name.gte.Estimate,last_name.lt.Estimate00040)&limit=10`,
      "count=estimated",
    );
    expect(res.status).toBe(206);
    expect(res.headers["content-range"]).toBe("0-9/40");
  });

  it.each(["exact", "planned", "estimated"])(
    "count=%s knows the total of the page that ends the list",
    async (mode) => {
      const offset = talents - 7;
      const res = await read(`${ACTIVE_TALENT}&limit=50&offset=${offset}`, `count=${mode}`);
      expect(res.body).toHaveLength(7);
      expect(res.headers["content-range"]).toBe(`${offset}-${talents - 1}/${talents}`);
    },
  );

  it("count=exact still counts every matching row on a full page", async () => {
    const res = await read(`${ACTIVE_TALENT}&roles=cs.{"Mix Engineer"}&limit=50`, "count=exact");
    const engineers = await read(
      `${ACTIVE_TALENT}&roles=cs.{"Mix Engineer"}&limit=50&offset=250`,
      "count=exact",
    );
    expect(res.status).toBe(206);
    expect(totalOf(res.headers["content-range"])).toBe(totalOf(engineers.headers["content-range"]));
    expect(totalOf(res.headers["content-range"])).toBeGreaterThanOrEqual(ADDED / 4);
  });

  it.each(["planned", "estimated"])("count=%s estimates a search through the search index", async (mode) => {
    // Count1, Count10…19, Count100…199, Count1000…1199: 311 rows, more than one read returns.
    const res = await read(
      `${ACTIVE_TALENT}&and=(or(first_name.ilike.*count1*,last_name.ilike.*count1*))&limit=50`,
      `count=${mode}`,
    );
    expect(res.status).toBe(206);
    expect(res.body).toHaveLength(50);
    expect(totalOf(res.headers["content-range"])).toBeGreaterThanOrEqual(50);
  });

  it.each(["planned", "estimated"])(
    "count=%s estimates a filter on a derived column (an invoice's overdue) from the derived values",
    async (mode) => {
      // 300 drafts, then 300 issued invoices past their due date, which every read sees as overdue.
      const invoices = Array.from({ length: 600 }, (_, i) =>
        toStoredRow(
          tables.invoices,
          {
            id: randomUUID(),
            buyer_name: `Estimate buyer ${i}`,
            status: i < 300 ? "draft" : "issued",
            number: i < 300 ? null : i,
            series: "E",
            due_date: "2026-01-31",
          },
          ctx.engine,
        ),
      );
      await ctx.db.deleteFrom("invoices").where("series", "=", "E").execute();
      for (let i = 0; i < invoices.length; i += 200)
        await ctx.db
          .insertInto("invoices")
          .values(invoices.slice(i, i + 200) as never)
          .execute();
      if (ctx.engine === "postgres") await sql`analyze invoices`.execute(ctx.db);
      const res = await read("/rest/v1/invoices?series=eq.E&status=eq.overdue&limit=10", `count=${mode}`);
      expect(res.body.map((row: { status: string }) => row.status)).toEqual(Array(10).fill("overdue"));
      // An estimate of the 300: never below the page answered (PostgreSQL's planner cannot see into the
      // derived value and may guess as low as that, a whole answer), never above the table.
      expect([200, 206]).toContain(res.status);
      const total = totalOf(res.headers["content-range"]);
      expect(total).toBeGreaterThanOrEqual(10);
      expect(total).toBeLessThanOrEqual(600);
    },
  );

  it("refuses an offset past an estimated total as PostgREST does (416, */<total>)", async () => {
    const res = await read(`${ACTIVE_TALENT}&offset=999999999`, "count=planned");
    expect(res.status).toBe(416);
    expect(res.body.code).toBe("PGRST103");
    expect(res.headers["content-range"]).toMatch(/^\*\/\d+$/);
  });

  it("ignores an unknown count preference, as PostgREST does", async () => {
    const res = await read(`${ACTIVE_TALENT}&limit=10`, "count=guessed");
    expect(res.status).toBe(200);
    expect(res.headers["content-range"]).toBe("0-9/*");
  });
});
