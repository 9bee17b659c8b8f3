import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../helpers";
import { bearer, challengeAndVerify, decodeJwt, refresh, signIn, totpCode } from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false", AUTH_REQUIRE_AAL2: "true" } });
});
afterAll(() => ctx.close());

async function enrolled() {
  const user = await ctx.createUser({ role: "staff" });
  const session = await signIn(ctx, user.email, user.password);
  const enroll = await bearer(ctx, session.access_token).post("/auth/v1/factors", {
    factor_type: "totp",
    friendly_name: "phone",
  });
  expect(enroll.status, enroll.text).toBe(200);
  return {
    user,
    session,
    factor: enroll.body as { id: string; totp: { secret: string; qr_code: string; uri: string } },
  };
}

describe("TOTP factors", () => {
  it("enrolls with a secret, an otpauth URI and an SVG QR code, listed on the user as unverified", async () => {
    const { session, factor } = await enrolled();
    expect(factor.totp.qr_code).toMatch(/^<svg/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);
    const user = await bearer(ctx, session.access_token).get("/auth/v1/user");
    expect(user.body.factors).toEqual([
      expect.objectContaining({
        id: factor.id,
        factor_type: "totp",
        status: "unverified",
        friendly_name: "phone",
      }),
    ]);
    const clash = await bearer(ctx, session.access_token).post("/auth/v1/factors", {
      factor_type: "totp",
      friendly_name: "phone",
    });
    expect(clash.status).toBe(422);
    expect(clash.body.error_code).toBe("mfa_factor_name_conflict");
  });

  it("verifying a code raises the session to aal2; the back office needs it when configured", async () => {
    const { session, factor } = await enrolled();
    const aal1 = await request(ctx.app)
      .get("/rest/v1/crm_contacts")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${session.access_token}`);
    expect(aal1.status).toBe(403);
    const res = await challengeAndVerify(
      ctx,
      session.access_token,
      factor.id,
      totpCode(factor.totp.secret, ctx.clock.now()),
    );
    expect(res.status, res.text).toBe(200);
    const claims = decodeJwt(res.body.access_token);
    expect(claims).toMatchObject({ aal: "aal2", session_id: decodeJwt(session.access_token).session_id });
    expect((claims.amr as { method: string }[]).map((m) => m.method)).toEqual(["totp", "password"]);
    expect(res.body.user.factors[0].status).toBe("verified");
    const aal2 = await request(ctx.app)
      .get("/rest/v1/crm_contacts")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${res.body.access_token}`);
    expect(aal2.status).toBe(200);
    const refreshed = await refresh(ctx, res.body.refresh_token);
    expect(decodeJwt(refreshed.body.access_token).aal).toBe("aal2");
  });

  it("refuses a wrong code, a replayed code and a used or expired challenge", async () => {
    const { session, factor } = await enrolled();
    const wrong = await challengeAndVerify(ctx, session.access_token, factor.id, "000000");
    const code = totpCode(factor.totp.secret, ctx.clock.now());
    if (code !== "000000") {
      expect(wrong.status).toBe(422);
      expect(wrong.body.error_code).toBe("mfa_verification_failed");
    }
    expect((await challengeAndVerify(ctx, session.access_token, factor.id, code)).status).toBe(200);
    const replay = await challengeAndVerify(ctx, session.access_token, factor.id, code);
    expect(replay.status).toBe(422);
    expect(replay.body.error_code).toBe("mfa_verification_failed");

    const challenge = await bearer(ctx, session.access_token).post(
      `/auth/v1/factors/${factor.id}/challenge`,
      {},
    );
    expect(challenge.body).toMatchObject({
      id: expect.any(String),
      type: "totp",
      expires_at: expect.any(Number),
    });
    ctx.clock.advance(301);
    const late = await bearer(ctx, session.access_token).post(`/auth/v1/factors/${factor.id}/verify`, {
      challenge_id: challenge.body.id,
      code: totpCode(factor.totp.secret, ctx.clock.now()),
    });
    expect(late.status).toBe(422);
    expect(late.body.error_code).toBe("mfa_challenge_expired");
  });

  it("a verified factor signs in at aal1 and can be removed only from an aal2 session", async () => {
    const { user, session, factor } = await enrolled();
    const verified = await challengeAndVerify(
      ctx,
      session.access_token,
      factor.id,
      totpCode(factor.totp.secret, ctx.clock.now()),
    );
    const fresh = await signIn(ctx, user.email, user.password);
    expect(decodeJwt(fresh.access_token).aal).toBe("aal1");
    const refused = await bearer(ctx, fresh.access_token).delete(`/auth/v1/factors/${factor.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.error_code).toBe("insufficient_aal");
    const removed = await bearer(ctx, verified.body.access_token).delete(`/auth/v1/factors/${factor.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: factor.id });
    const after = await refresh(ctx, verified.body.refresh_token);
    expect(decodeJwt(after.body.access_token).aal).toBe("aal1");
  });

  it("refuses the pre-verification refresh token within the reuse interval without ending the session", async () => {
    const { session, factor } = await enrolled();
    const verified = await challengeAndVerify(
      ctx,
      session.access_token,
      factor.id,
      totpCode(factor.totp.secret, ctx.clock.now()),
    );
    expect(verified.status, verified.text).toBe(200);
    const stale = await refresh(ctx, session.refresh_token);
    expect(stale.status).toBe(400);
    expect(stale.body.error_code).toBe("refresh_token_already_used");
    expect((await bearer(ctx, verified.body.access_token).get("/auth/v1/user")).status).toBe(200);
    const next = await refresh(ctx, verified.body.refresh_token);
    expect(next.status, next.text).toBe(200);
    expect(decodeJwt(next.body.access_token).aal).toBe("aal2");
  });

  it("ends the session when the pre-verification refresh token comes back after the interval", async () => {
    const { session, factor } = await enrolled();
    const verified = await challengeAndVerify(
      ctx,
      session.access_token,
      factor.id,
      totpCode(factor.totp.secret, ctx.clock.now()),
    );
    expect(verified.status, verified.text).toBe(200);
    ctx.clock.advance(ctx.config.REFRESH_TOKEN_REUSE_INTERVAL + 1);
    const stale = await refresh(ctx, session.refresh_token);
    expect(stale.status).toBe(400);
    expect(stale.body.error_code).toBe("refresh_token_already_used");
    const user = await bearer(ctx, verified.body.access_token).get("/auth/v1/user");
    expect(user.status).toBe(403);
    expect(user.body.error_code).toBe("session_not_found");
    expect((await refresh(ctx, verified.body.refresh_token)).body.error_code).toBe("refresh_token_not_found");
  });

  it("a factor removed while it is being challenged answers 404 or is challenged first, never 500", async () => {
    for (let i = 0; i < 5; i++) {
      const { session, factor } = await enrolled();
      const as = bearer(ctx, session.access_token);
      const [removed, challenged] = await Promise.all([
        as.delete(`/auth/v1/factors/${factor.id}`),
        as.post(`/auth/v1/factors/${factor.id}/challenge`, {}),
      ]);
      expect(removed.status, removed.text).toBe(200);
      expect([200, 404], challenged.text).toContain(challenged.status);
    }
  });

  it("answers 404 for someone else's factor", async () => {
    const { factor } = await enrolled();
    const stranger = await ctx.createUser();
    const session = await signIn(ctx, stranger.email, stranger.password);
    const res = await bearer(ctx, session.access_token).post(`/auth/v1/factors/${factor.id}/challenge`, {});
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe("mfa_factor_not_found");
    expect((await bearer(ctx, session.access_token).delete(`/auth/v1/factors/${factor.id}`)).status).toBe(
      404,
    );
  });
});
