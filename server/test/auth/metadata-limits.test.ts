import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_PASSWORD, type TestContext, uniqueEmail } from "../helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false, env: { RATE_LIMITS: "false" } });
});
afterAll(() => ctx.close());

/** `{ a: { a: … { a: 1 } } }`, `depth` objects deep. */
const nested = (depth: number) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value as Record<string, unknown>;
};

const signUp = (email: string, data: unknown) =>
  request(ctx.app)
    .post("/auth/v1/signup")
    .set("apikey", ctx.anonKey)
    .send({ email, password: TEST_PASSWORD, data });

describe("user metadata", () => {
  it("nested deeper than the limit is refused at sign-up with GoTrue's 400, and no account is made", async () => {
    for (const depth of [17, 40, 900]) {
      const email = uniqueEmail("deep");
      const res = await signUp(email, nested(depth));
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 400, error_code: "validation_failed" });
      expect(res.body.msg).toMatch(/nested/i);
      const user = await ctx.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      expect(user).toBeUndefined();
    }
    // Thousands of levels never reach the schema: the body parser refuses them, in the same shape.
    const deepest = await signUp(uniqueEmail("deepest"), nested(5000));
    expect(deepest.status).toBe(400);
    expect(deepest.body).toMatchObject({ code: 400, error_code: "bad_json" });
  });

  it("within the limits is kept at sign-up", async () => {
    const res = await signUp(uniqueEmail("fine"), nested(8));
    expect(res.status, res.text).toBe(200);
    expect(res.body.user_metadata ?? res.body.user?.user_metadata).toEqual(nested(8));
  });

  it("too deep or too large on PUT /user is refused with 400, and the metadata stays", async () => {
    const user = await ctx.createUser();
    const token = await ctx.userToken({ userId: user.id, email: user.email });
    const put = (data: unknown) =>
      request(ctx.app)
        .put("/auth/v1/user")
        .set({ apikey: ctx.anonKey, authorization: `Bearer ${token}` })
        .send({ data });
    for (const data of [nested(40), { big: "x".repeat(20_000), more: "y".repeat(20_000) }]) {
      const res = await put(data);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ code: 400, error_code: "validation_failed" });
    }
    const row = await ctx.db
      .selectFrom("users")
      .select("raw_user_meta_data")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(row.raw_user_meta_data))).toEqual({});
    expect((await put({ ok: true })).status).toBe(200);
  });
});
