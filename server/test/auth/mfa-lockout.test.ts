import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { createTestContext, type TestContext } from "../helpers";
import {
  challengeAndVerify,
  challengeFactor,
  type EnrolledTotp,
  enrollTotp,
  signIn,
  totpCode,
  verifyFactor,
  wrongTotpCode,
} from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
});
afterAll(() => ctx.close());

const rightCode = (factor: EnrolledTotp) => totpCode(factor.totp.secret, ctx.clock.now());
const wrongCode = (factor: EnrolledTotp) => wrongTotpCode(factor.totp.secret, ctx.clock.now());

/** A user with a verified factor, and a new password-only (aal1) session: where guessing would start. */
async function verifiedFactor(c: TestContext = ctx) {
  const user = await c.createUser();
  const first = await signIn(c, user.email, user.password);
  const factor = await enrollTotp(c, first.access_token);
  const verified = await challengeAndVerify(
    c,
    first.access_token,
    factor.id,
    totpCode(factor.totp.secret, c.clock.now()),
  );
  expect(verified.status, verified.text).toBe(200);
  c.clock.advance(30);
  const aal1 = await signIn(c, user.email, user.password);
  return { factor, token: aal1.access_token };
}

const lockState = (factorId: string) =>
  ctx.db
    .selectFrom("mfa_factors")
    .select(["failed_attempts", "locked_until"])
    .where("id", "=", factorId)
    .executeTakeFirst();

async function guessWrong(token: string, factor: EnrolledTotp, times: number) {
  const answers = [];
  for (let i = 0; i < times; i++)
    answers.push(await challengeAndVerify(ctx, token, factor.id, wrongCode(factor)));
  return answers;
}

describe("TOTP verification lock-out per factor", () => {
  it("locks after five wrong codes for 15 minutes, then 30, and refuses even the right code meanwhile", async () => {
    const { factor, token } = await verifiedFactor();
    const first = await guessWrong(token, factor, 5);
    expect(first.map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);
    expect(first.map((r) => r.body.error_code)).toEqual(Array(5).fill("mfa_verification_failed"));
    expect(first[4]?.body.msg).toMatch(/locked for 15 minutes/);
    expect(first[4]?.headers["retry-after"]).toBe("900");
    expect(first[3]?.headers["retry-after"]).toBeUndefined();

    const challenge = await challengeFactor(ctx, token, factor.id);
    expect(challenge.status).toBe(429);
    const locked = await verifyFactor(
      ctx,
      token,
      factor.id,
      "00000000-0000-4000-8000-000000000000",
      rightCode(factor),
    );
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 429, error_code: "mfa_factor_locked" });
    expect(locked.body.msg).toMatch(/locked for 15 minutes/);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(890);
    expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(900);

    // The lock lives in the database: another app instance (another node, or after a restart) sees it.
    const otherNode = await createApp({
      config: ctx.config,
      db: ctx.db,
      logger: pino({ level: "silent" }),
      now: ctx.clock.now,
    });
    const elsewhere = await request(otherNode)
      .post(`/auth/v1/factors/${factor.id}/challenge`)
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${token}`)
      .send({});
    expect(elsewhere.status).toBe(429);
    expect(await lockState(factor.id)).toMatchObject({
      failed_attempts: 5,
      locked_until: expect.any(String),
    });

    ctx.clock.advance(15 * 60);
    const second = await guessWrong(token, factor, 5);
    expect(second.map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);
    expect(second[4]?.body.msg).toMatch(/locked for 30 minutes/);
    const relocked = await challengeFactor(ctx, token, factor.id);
    expect(relocked.status).toBe(429);
    expect(relocked.body.msg).toMatch(/locked for 30 minutes/);
    expect(Number(relocked.headers["retry-after"])).toBeGreaterThan(1790);

    ctx.clock.advance(30 * 60);
    const accepted = await challengeAndVerify(ctx, token, factor.id, rightCode(factor));
    expect(accepted.status, accepted.text).toBe(200);
    expect(await lockState(factor.id)).toEqual({ failed_attempts: 0, locked_until: null });
  });

  it("a right code resets the count, so the next lock is 15 minutes again", async () => {
    const { factor, token } = await verifiedFactor();
    expect((await guessWrong(token, factor, 4)).map((r) => r.status)).toEqual([422, 422, 422, 422]);
    const accepted = await challengeAndVerify(ctx, token, factor.id, rightCode(factor));
    expect(accepted.status, accepted.text).toBe(200);
    const aal2 = accepted.body.access_token;
    const again = await guessWrong(aal2, factor, 5);
    expect(again.map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);
    expect(again[4]?.body.msg).toMatch(/locked for 15 minutes/);
  });

  it("parallel guesses cannot get past the lock", async () => {
    const { factor, token } = await verifiedFactor();
    const challenge = await challengeFactor(ctx, token, factor.id);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        verifyFactor(ctx, token, factor.id, challenge.body.id, wrongCode(factor)),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(422), ...Array(7).fill(429)]);
    expect((await lockState(factor.id))?.failed_attempts).toBe(5);
  });
});

describe("MFA challenges", () => {
  it("used and expired challenges are deleted, the open one is kept", async () => {
    const { factor, token } = await verifiedFactor();
    const challengesOf = async () =>
      (
        await ctx.db.selectFrom("mfa_challenges").select("id").where("factor_id", "=", factor.id).execute()
      ).map((c) => c.id);
    const used = await challengeFactor(ctx, token, factor.id);
    expect((await verifyFactor(ctx, token, factor.id, used.body.id, rightCode(factor))).status).toBe(200);
    const expiring = await challengeFactor(ctx, token, factor.id);
    ctx.clock.advance(301);
    const open = await challengeFactor(ctx, token, factor.id);
    expect(open.status).toBe(200);
    expect(await challengesOf()).toEqual([open.body.id]);
    expect(expiring.body.id).not.toBe(open.body.id);
  });

  it("are created at most 15 a minute per user", async () => {
    const limited = await createTestContext({ seed: false });
    try {
      const { factor, token } = await verifiedFactor(limited);
      limited.clock.advance(61); // past the minute of the enrolment's own challenge
      const answers = [];
      for (let i = 0; i < 16; i++) answers.push(await challengeFactor(limited, token, factor.id));
      expect(answers.slice(0, 15).every((r) => r.status === 200)).toBe(true);
      const refused = answers[15];
      expect(refused?.status).toBe(429);
      expect(refused?.body.error_code).toBe("over_request_rate_limit");
      expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
      limited.clock.advance(61);
      expect((await challengeFactor(limited, token, factor.id)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
