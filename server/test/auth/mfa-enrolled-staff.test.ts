import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../helpers";
import { bearer, challengeAndVerify, enrollTotp, signIn, totpCode } from "./support";

let ctx: TestContext;
beforeAll(async () => {
  // The server does not force a second factor on everyone: only on those who have proven one.
  ctx = await createTestContext({ env: { RATE_LIMITS: "false", AUTH_REQUIRE_AAL2: "false" } });
});
afterAll(() => ctx.close());

const contacts = (token: string) =>
  request(ctx.app)
    .get("/rest/v1/crm_contacts")
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${token}`);

describe("a person with a verified second factor must use it for staff access", () => {
  it("their password-only session is refused on the data API and staff routes; the code opens both", async () => {
    const user = await ctx.createUser({ role: "staff" });
    const first = await signIn(ctx, user.email, user.password);
    expect((await contacts(first.access_token)).status).toBe(200);

    const factor = await enrollTotp(ctx, first.access_token, "phone");
    // Enrolled but not yet proven: nothing changes.
    expect((await contacts(first.access_token)).status).toBe(200);
    const raised = await challengeAndVerify(
      ctx,
      first.access_token,
      factor.id,
      totpCode(factor.totp.secret, ctx.clock.now()),
    );
    expect(raised.status, raised.text).toBe(200);

    const passwordOnly = await signIn(ctx, user.email, user.password);
    const table = await contacts(passwordOnly.access_token);
    expect(table.status).toBe(403);
    expect(table.body.code).toBe("42501");
    const staffRoute = await bearer(ctx, passwordOnly.access_token).get("/storage/v1/bucket");
    expect(staffRoute.status).toBe(403);
    // Their own account stays reachable, so the app can ask for the code.
    expect((await bearer(ctx, passwordOnly.access_token).get("/auth/v1/user")).status).toBe(200);

    ctx.clock.advance(30);
    const verified = await challengeAndVerify(
      ctx,
      passwordOnly.access_token,
      factor.id,
      totpCode(factor.totp.secret, ctx.clock.now()),
    );
    expect(verified.status, verified.text).toBe(200);
    expect((await contacts(verified.body.access_token)).status).toBe(200);
    expect((await bearer(ctx, verified.body.access_token).get("/storage/v1/bucket")).status).toBe(200);
  });
});
