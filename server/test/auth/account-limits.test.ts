import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext, uniqueEmail } from "../helpers";
import { anon, bearer, mails, signIn } from "./support";

/** Limits on what a signed-in user can ask of their own account; rate limits on, a fresh app per test. */
let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(() => ctx.close());

async function signedInUser() {
  const user = await ctx.createUser();
  const session = await signIn(ctx, user.email, user.password);
  return { user, token: session.access_token };
}

const expectMailLimit = (res: { status: number; body: { error_code?: string }; headers: object }) => {
  expect(res.status).toBe(429);
  expect(res.body.error_code).toBe("over_email_send_rate_limit");
  const retryAfter = Number((res.headers as Record<string, string>)["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
};

describe("e-mail change requests (PUT /user {email})", () => {
  it("one a minute per user, counted before the address is looked at: the second probe is 429 either way", async () => {
    const registered = await ctx.createUser();
    for (const [first, second] of [
      [registered.email, uniqueEmail("unknown")],
      [uniqueEmail("unknown"), registered.email],
    ]) {
      const { token } = await signedInUser();
      const probe = await bearer(ctx, token).put("/auth/v1/user", { email: first });
      expect([200, 422]).toContain(probe.status);
      expectMailLimit(await bearer(ctx, token).put("/auth/v1/user", { email: second }));
    }
  });

  it("an address that was just mailed answers 429, not whether it is registered", async () => {
    const registered = await ctx.createUser();
    expect((await anon(ctx).post("/auth/v1/recover", { email: registered.email })).status).toBe(200);
    const { token } = await signedInUser();
    expectMailLimit(await bearer(ctx, token).put("/auth/v1/user", { email: registered.email }));
  });

  it("the budget comes back after a minute", async () => {
    const { token } = await signedInUser();
    expect((await bearer(ctx, token).put("/auth/v1/user", { email: uniqueEmail("a") })).status).toBe(200);
    ctx.clock.advance(61);
    expect((await bearer(ctx, token).put("/auth/v1/user", { email: uniqueEmail("b") })).status).toBe(200);
  });

  it("resend within the user's minute answers {} and sends nothing; after it, both addresses again", async () => {
    const { user, token } = await signedInUser();
    const next = uniqueEmail("moved");
    expect((await bearer(ctx, token).put("/auth/v1/user", { email: next })).status).toBe(200);
    const resent = await anon(ctx).post("/auth/v1/resend", { type: "email_change", email: user.email });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({});
    expect(await mails(ctx, user.email)).toHaveLength(1);
    ctx.clock.advance(61);
    expect(
      (await anon(ctx).post("/auth/v1/resend", { type: "email_change", email: user.email })).status,
    ).toBe(200);
    expect(await mails(ctx, user.email)).toHaveLength(2);
    expect(await mails(ctx, next)).toHaveLength(2);
  });
});

describe("new passwords (PUT /user {password})", () => {
  it("25 per 15 minutes per user, failed or not, counted exactly under parallel requests", async () => {
    const { token } = await signedInUser();
    const attempts = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0 ? `short${i}` : `a parallel passphrase number ${i}`,
    );
    const results = await Promise.all(
      attempts.map((password) => bearer(ctx, token).put("/auth/v1/user", { password })),
    );
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(5);
    for (const res of limited) {
      expect(res.body.error_code).toBe("over_request_rate_limit");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(
      results.filter((r) => r.status === 422).length + results.filter((r) => r.status === 200).length,
    ).toBe(25);

    const other = await signedInUser();
    expect(
      (await bearer(ctx, other.token).put("/auth/v1/user", { password: "someone else's passphrase 3" }))
        .status,
    ).toBe(200);
    ctx.clock.advance(15 * 60);
    const after = await bearer(ctx, token).put("/auth/v1/user", {
      password: "the owner is back in 15 minutes 9",
    });
    expect(after.status, after.text).toBe(200);
  });
});

describe("GET /auth/v1/reauthenticate", () => {
  it("one mail per address per minute", async () => {
    const { token } = await signedInUser();
    expect((await bearer(ctx, token).get("/auth/v1/reauthenticate")).status).toBe(200);
    expectMailLimit(await bearer(ctx, token).get("/auth/v1/reauthenticate"));
    ctx.clock.advance(61);
    expect((await bearer(ctx, token).get("/auth/v1/reauthenticate")).status).toBe(200);
  });

  it("30 per 5 minutes per IP, across users", async () => {
    for (let i = 0; i < 30; i++) {
      const res = await bearer(ctx, await ctx.userToken({ role: null })).get("/auth/v1/reauthenticate");
      expect(res.status, res.text).toBe(200);
    }
    const over = await bearer(ctx, await ctx.userToken({ role: null })).get("/auth/v1/reauthenticate");
    expect(over.status).toBe(429);
    expect(over.body.error_code).toBe("over_request_rate_limit");
  });
});
