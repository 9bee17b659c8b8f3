import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedId } from "../src/db/seed-ids";
import { createTestContext, type TestContext } from "./helpers";

/** Portfolio works on this run's engine: their codes checked, edits kept. */

let ctx: TestContext;
let staff: string;
const talentId = seedId("talent", 0);
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  staff = await ctx.userToken({ role: "staff" });
});
afterAll(() => ctx.close());

const api = (method: "get" | "post" | "patch" | "delete", path: string) =>
  request(ctx.app)[method](path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${staff}`);
const work = (overrides: object = {}) => ({
  talent_id: talentId,
  title: "New Song",
  year: 2025,
  role: "Writer",
  ...overrides,
});

describe("portfolio_items", () => {
  it("holds the seeded works of a talent, featured first when asked", async () => {
    const res = await api(
      "get",
      `/rest/v1/portfolio_items?talent_id=eq.${talentId}&order=featured.desc,year.desc`,
    );
    expect(res.status).toBe(200);
    expect(res.body.map((w: { title: string }) => w.title)).toEqual(["Slussen Nights", "Midsummer EP"]);
    expect(res.body[0]).toMatchObject({
      featured: true,
      isrc: "SEABC2300001",
      tags: expect.arrayContaining(["single"]),
    });
    expect(res.body[0].external_links[0]).toEqual({ platform: "Spotify", url: "https://open.spotify.com/" });
  });

  it.each([
    ["an ISRC with hyphens", { isrc: "SE-ABC-23-00001" }],
    ["an ISRC of the wrong shape", { isrc: "SEABC23001" }],
    ["a UPC with a wrong check digit", { upc: "7300000000012" }],
    ["an ISWC with a wrong check digit", { iswc: "T0345246802" }],
    ["a year out of range", { year: 1200 }],
    ["a link that is not a URL", { external_links: [{ platform: "Spotify", url: "not a url" }] }],
  ])("refuses %s with 400 and stores nothing", async (_name, overrides) => {
    const before = await api("get", `/rest/v1/portfolio_items?talent_id=eq.${talentId}&select=id`);
    const res = await api("post", "/rest/v1/portfolio_items").send(work(overrides));
    expect(res.status).toBe(400);
    const after = await api("get", `/rest/v1/portfolio_items?talent_id=eq.${talentId}&select=id`);
    expect(after.body).toHaveLength(before.body.length);
  });

  it("accepts valid codes (UPC-A, EAN-13, ISWC) and keeps an edit, a featured toggle and tags", async () => {
    const created = await api("post", "/rest/v1/portfolio_items")
      .set("Prefer", "return=representation")
      .send(work({ isrc: "SEXYZ2500042", upc: "036000291452", iswc: "T0345246801" }));
    expect(created.status, created.text).toBe(201);
    const id = created.body[0].id;
    expect(created.body[0]).toMatchObject({
      featured: false,
      tags: [],
      external_links: [],
      status: "Released",
    });
    const ean = await api("patch", `/rest/v1/portfolio_items?id=eq.${id}`).send({ upc: "4006381333931" });
    expect(ean.status).toBe(204);
    await api("patch", `/rest/v1/portfolio_items?id=eq.${id}`).send({
      title: "New Song (Radio Edit)",
      featured: true,
      tags: ["radio", "edit"],
    });
    const read = await api("get", `/rest/v1/portfolio_items?id=eq.${id}&select=title,featured,tags,upc`);
    expect(read.body).toEqual([
      { title: "New Song (Radio Edit)", featured: true, tags: ["radio", "edit"], upc: "4006381333931" },
    ]);
  });

  it("belongs to a talent that exists (409 23503), and goes with it", async () => {
    const orphan = await api("post", "/rest/v1/portfolio_items").send(
      work({ talent_id: crypto.randomUUID() }),
    );
    expect(orphan.status).toBe(409);
    const contact = await api("post", "/rest/v1/crm_contacts")
      .set("Prefer", "return=representation")
      .send({ first_name: "Temp", last_name: "Writer" });
    const id = contact.body[0].id;
    expect((await api("post", "/rest/v1/portfolio_items").send(work({ talent_id: id }))).status).toBe(201);
    expect((await api("delete", `/rest/v1/crm_contacts?id=eq.${id}`)).status).toBe(204);
    expect((await api("get", `/rest/v1/portfolio_items?talent_id=eq.${id}`)).body).toEqual([]);
  });

  it("is staff-only: the anonymous key gets 401", async () => {
    const res = await request(ctx.app).get("/rest/v1/portfolio_items").set("apikey", ctx.anonKey);
    expect(res.status).toBe(401);
  });
});
