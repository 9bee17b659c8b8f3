import { randomUUID } from "node:crypto";
import type { AuthSession } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../helpers";
import { anon, bearer, decodeJwt, refresh } from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
});
afterAll(() => ctx.close());

const sessionIdOf = (s: AuthSession) => String(decodeJwt(s.access_token).session_id);

/** A password sign-in from a given browser, as the settings page would later list it. */
async function signInFrom(email: string, password: string, userAgent: string): Promise<AuthSession> {
  const res = await request(ctx.app)
    .post("/auth/v1/token?grant_type=password")
    .set("apikey", ctx.anonKey)
    .set("User-Agent", userAgent)
    .send({ email, password });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe("a user's own sessions", () => {
  it("lists the live ones newest first, marks the current one, and ends another by id", async () => {
    const user = await ctx.createUser({ role: "staff" });
    const laptop = await signInFrom(user.email, user.password, "Laptop Firefox");
    ctx.clock.advance(1);
    const phone = await signInFrom(user.email, user.password, "Phone Safari");
    const signedOut = await signInFrom(user.email, user.password, "Old tablet");
    expect((await bearer(ctx, signedOut.access_token).post("/auth/v1/logout?scope=local")).status).toBe(204);

    const listed = await bearer(ctx, laptop.access_token).get("/auth/v1/user/sessions");
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: sessionIdOf(phone),
        user_agent: "Phone Safari",
        current: false,
        aal: "aal1",
      }),
      expect.objectContaining({ id: sessionIdOf(laptop), user_agent: "Laptop Firefox", current: true }),
    ]);
    expect(listed.body[0].ip).toEqual(expect.any(String));

    const ended = await bearer(ctx, laptop.access_token).delete(
      `/auth/v1/user/sessions/${sessionIdOf(phone)}`,
    );
    expect(ended.status, ended.text).toBe(204);
    // The phone is out at once: its access token and its refresh token stop working.
    expect((await bearer(ctx, phone.access_token).get("/auth/v1/user")).status).toBe(403);
    expect((await refresh(ctx, phone.refresh_token)).status).toBe(400);
    const after = await bearer(ctx, laptop.access_token).get("/auth/v1/user/sessions");
    expect(after.body.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(laptop)]);
  });

  it("cannot see or end another user's session, and says not found either way", async () => {
    const mine = await ctx.createUser({ role: "staff" });
    const theirs = await ctx.createUser({ role: "staff" });
    const me = await signInFrom(mine.email, mine.password, "Mine");
    const them = await signInFrom(theirs.email, theirs.password, "Theirs");

    const listed = await bearer(ctx, me.access_token).get("/auth/v1/user/sessions");
    expect(listed.body.map((s: { id: string }) => s.id)).toEqual([sessionIdOf(me)]);
    for (const id of [sessionIdOf(them), randomUUID()]) {
      const res = await bearer(ctx, me.access_token).delete(`/auth/v1/user/sessions/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error_code ?? res.body.code).toBe("not_found");
    }
    expect((await bearer(ctx, them.access_token).get("/auth/v1/user")).status).toBe(200);

    expect((await bearer(ctx, me.access_token).delete("/auth/v1/user/sessions/not-a-uuid")).status).toBe(400);
    expect((await anon(ctx).get("/auth/v1/user/sessions")).status).toBe(401);
  });
});
