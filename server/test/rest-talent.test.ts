import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
const tokens = { staff: "", admin: "" };
beforeAll(async () => {
  ctx = await createTestContext();
  tokens.staff = await ctx.userToken({ role: "staff" });
  tokens.admin = await ctx.userToken({ role: "admin" });
});
afterAll(() => ctx.close());

const asStaff = (path: string, role: "staff" | "admin" = "staff") =>
  request(ctx.app).get(path).set("apikey", ctx.anonKey).set("Authorization", `Bearer ${tokens[role]}`);

describe("GET /rest/v1/crm_contacts", () => {
  it("caps the page at 50 rows even when more are asked for", async () => {
    const res = await asStaff("/rest/v1/crm_contacts?select=*&limit=500");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(50);
    expect(res.body[0].roles).toBeInstanceOf(Array);
    expect(typeof res.body[0].strengths).toBe("object");
  });

  it("adds the exact total to Content-Range with Prefer: count=exact", async () => {
    const res = await asStaff("/rest/v1/crm_contacts?kind=eq.talent&limit=50&offset=0").set(
      "Prefer",
      "count=exact",
    );
    // A partial page with a known total is PostgREST's 206.
    expect(res.status).toBe(206);
    expect(res.headers["content-range"]).toBe("0-49/64");
    const rest = await asStaff("/rest/v1/crm_contacts?kind=eq.talent&limit=50&offset=50").set(
      "Prefer",
      "count=exact",
    );
    expect(rest.body).toHaveLength(14);
    expect(rest.headers["content-range"]).toBe("50-63/64");
  });

  it("leaves the total out without Prefer: count=exact", async () => {
    const res = await asStaff("/rest/v1/crm_contacts?limit=10");
    expect(res.headers["content-range"]).toBe("0-9/*");
  });

  it("answers a counted read past the end with PostgREST's 416 and the total, an empty table with */0", async () => {
    const past = await asStaff("/rest/v1/crm_contacts?kind=eq.talent&offset=1000").set(
      "Prefer",
      "count=exact",
    );
    expect(past.status).toBe(416);
    expect(past.body).toMatchObject({
      code: "PGRST103",
      details: "An offset of 1000 was requested, but there are only 64 rows.",
    });
    expect(past.headers["content-range"]).toBe("*/64");
    const empty = await createTestContext({ seed: false });
    try {
      const res = await request(empty.app)
        .get("/rest/v1/crm_contacts")
        .set("apikey", empty.anonKey)
        .set("Authorization", `Bearer ${await empty.userToken()}`)
        .set("Prefer", "count=exact");
      expect(res.body).toEqual([]);
      expect(res.headers["content-range"]).toBe("*/0");
    } finally {
      await empty.close();
    }
  });

  it("lets admins read too", async () => {
    expect((await asStaff("/rest/v1/crm_contacts", "admin")).status).toBe(200);
  });

  it("answers 401 to the anonymous key alone", async () => {
    const res = await request(ctx.app).get("/rest/v1/crm_contacts").set("apikey", ctx.anonKey);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "42501", message: "permission denied for table crm_contacts" });
  });

  it("answers 403 to a signed-in user without the staff role, and says why", async () => {
    const res = await request(ctx.app)
      .get("/rest/v1/crm_contacts")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${await ctx.userToken({ role: null })}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "42501", hint: expect.stringContaining("administrator") });
  });

  it("answers 401 to an expired user token", async () => {
    const res = await request(ctx.app)
      .get("/rest/v1/crm_contacts")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${await ctx.userToken({ expiresIn: -10 })}`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "PGRST303", message: "JWT expired" });
  });

  it("sends Cache-Control: no-store with user data", async () => {
    const res = await asStaff("/rest/v1/crm_contacts?limit=1");
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
