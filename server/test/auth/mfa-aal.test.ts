import type { AuthSession } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../helpers";
import {
  bearer,
  challengeAndVerify,
  challengeFactor,
  decodeJwt,
  type EnrolledTotp,
  enrollTotp,
  signIn,
  totpCode,
  verifyFactor,
} from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false", AUTH_REQUIRE_AAL2: "true" } });
});
afterAll(() => ctx.close());

/** A code is accepted once per factor and 30-second step: the next verification of a factor moves on. */
const nextStep = () => ctx.clock.advance(30);
const codeOf = (factor: EnrolledTotp) => totpCode(factor.totp.secret, ctx.clock.now());

async function staffWithVerifiedFactor() {
  const user = await ctx.createUser({ role: "staff" });
  const first = await signIn(ctx, user.email, user.password);
  const factor = await enrollTotp(ctx, first.access_token, "phone");
  const raised = await challengeAndVerify(ctx, first.access_token, factor.id, codeOf(factor));
  expect(raised.status, raised.text).toBe(200);
  return { user, factor, aal2: raised.body as AuthSession };
}

const backOffice = (token: string) =>
  request(ctx.app)
    .get("/rest/v1/crm_contacts")
    .set("apikey", ctx.anonKey)
    .set("Authorization", `Bearer ${token}`);

describe("a server that requires aal2 in the back office", () => {
  it("says so in the web app's public config, as its auth settings do", async () => {
    const config = await request(ctx.app).get("/api/config").set("apikey", ctx.anonKey);
    expect(config.body.back_office_aal).toBe("aal2");
  });
});

describe("once a user has a verified factor, changing factors needs aal2", () => {
  it("an aal1 session cannot enroll another factor; an aal2 session can, and verifies it", async () => {
    const { user, aal2 } = await staffWithVerifiedFactor();
    const aal1 = await signIn(ctx, user.email, user.password);
    const refused = await bearer(ctx, aal1.access_token).post("/auth/v1/factors", {
      factor_type: "totp",
      friendly_name: "intruder",
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error_code: "insufficient_aal" });
    expect((await bearer(ctx, aal1.access_token).get("/auth/v1/user")).body.factors).toHaveLength(1);

    const backup = await enrollTotp(ctx, aal2.access_token, "backup");
    nextStep();
    const verified = await challengeAndVerify(ctx, aal2.access_token, backup.id, codeOf(backup));
    expect(verified.status, verified.text).toBe(200);
    expect(decodeJwt(verified.body.access_token).aal).toBe("aal2");
  });

  it("a factor left unverified cannot be challenged or verified at aal1 after another was verified", async () => {
    const user = await ctx.createUser({ role: "staff" });
    const session = await signIn(ctx, user.email, user.password);
    // Both enrolled while no factor was verified, which aal1 may do (a password thief, say, and the owner).
    const planted = await enrollTotp(ctx, session.access_token, "planted");
    const owned = await enrollTotp(ctx, session.access_token, "owned");
    const earlyChallenge = await challengeFactor(ctx, session.access_token, planted.id);
    expect(earlyChallenge.status).toBe(200);
    expect((await challengeAndVerify(ctx, session.access_token, owned.id, codeOf(owned))).status).toBe(200);

    const later = await signIn(ctx, user.email, user.password);
    const challenge = await challengeFactor(ctx, later.access_token, planted.id);
    expect(challenge.status).toBe(403);
    expect(challenge.body.error_code).toBe("insufficient_aal");
    const verify = await verifyFactor(
      ctx,
      later.access_token,
      planted.id,
      earlyChallenge.body.id,
      codeOf(planted),
    );
    expect(verify.status).toBe(403);
    expect(verify.body.error_code).toBe("insufficient_aal");
    expect(decodeJwt(later.access_token).aal).toBe("aal1");
    const factors = (await bearer(ctx, later.access_token).get("/auth/v1/user")).body.factors;
    expect(factors.find((f: { id: string }) => f.id === planted.id).status).toBe("unverified");

    // The verified factor still steps an aal1 session up (the normal sign-in); then the other may follow.
    nextStep();
    const stepUp = await challengeAndVerify(ctx, later.access_token, owned.id, codeOf(owned));
    expect(stepUp.status, stepUp.text).toBe(200);
    const completed = await challengeAndVerify(ctx, stepUp.body.access_token, planted.id, codeOf(planted));
    expect(completed.status, completed.text).toBe(200);
  });

  it("two new factors verified at the same moment from aal1: one is verified, the other needs aal2", async () => {
    const user = await ctx.createUser({ role: "staff" });
    const [a, b] = [
      await signIn(ctx, user.email, user.password),
      await signIn(ctx, user.email, user.password),
    ];
    const first = await enrollTotp(ctx, a.access_token, "first");
    const second = await enrollTotp(ctx, b.access_token, "second");
    const [ca, cb] = [
      await challengeFactor(ctx, a.access_token, first.id),
      await challengeFactor(ctx, b.access_token, second.id),
    ];
    const answers = await Promise.all([
      verifyFactor(ctx, a.access_token, first.id, ca.body.id, codeOf(first)),
      verifyFactor(ctx, b.access_token, second.id, cb.body.id, codeOf(second)),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(answers.find((r) => r.status === 403)?.body.error_code).toBe("insufficient_aal");
    const factors = (await bearer(ctx, a.access_token).get("/auth/v1/user")).body.factors as {
      status: string;
    }[];
    expect(factors.map((f) => f.status).sort()).toEqual(["unverified", "verified"]);
  });

  it("an aal1 session cannot remove even an unverified factor; with no verified factor it can", async () => {
    const { user, aal2 } = await staffWithVerifiedFactor();
    const pending = await enrollTotp(ctx, aal2.access_token, "pending");
    const aal1 = await signIn(ctx, user.email, user.password);
    const refused = await bearer(ctx, aal1.access_token).delete(`/auth/v1/factors/${pending.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.error_code).toBe("insufficient_aal");
    expect((await bearer(ctx, aal2.access_token).delete(`/auth/v1/factors/${pending.id}`)).status).toBe(200);

    const newcomer = await ctx.createUser();
    const own = await signIn(ctx, newcomer.email, newcomer.password);
    const draft = await enrollTotp(ctx, own.access_token, "draft");
    expect((await bearer(ctx, own.access_token).delete(`/auth/v1/factors/${draft.id}`)).status).toBe(200);
  });
});

describe("removing a factor lowers the sessions it raised at once", () => {
  it("their unexpired aal2 access tokens lose the aal2-only back office", async () => {
    const { user, factor, aal2 } = await staffWithVerifiedFactor();
    const second = await signIn(ctx, user.email, user.password);
    nextStep();
    const secondAal2 = await challengeAndVerify(ctx, second.access_token, factor.id, codeOf(factor));
    expect(secondAal2.status, secondAal2.text).toBe(200);
    expect((await backOffice(aal2.access_token)).status).toBe(200);
    expect((await backOffice(secondAal2.body.access_token)).status).toBe(200);

    const removed = await bearer(ctx, aal2.access_token).delete(`/auth/v1/factors/${factor.id}`);
    expect(removed.status, removed.text).toBe(200);

    for (const token of [aal2.access_token, secondAal2.body.access_token]) {
      expect(decodeJwt(token).aal).toBe("aal2");
      const res = await backOffice(token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("42501");
    }
    // Still signed in, at aal1.
    expect((await bearer(ctx, secondAal2.body.access_token).get("/auth/v1/user")).status).toBe(200);
  });

  it("the auth service also goes by the session's level, not the token's claim", async () => {
    const { user, factor: phone, aal2: first } = await staffWithVerifiedFactor();
    const backup = await enrollTotp(ctx, first.access_token, "backup");
    nextStep();
    const raisedByBackup = await challengeAndVerify(ctx, first.access_token, backup.id, codeOf(backup));
    expect(raisedByBackup.status, raisedByBackup.text).toBe(200);
    const second = await signIn(ctx, user.email, user.password);
    const raisedByPhone = await challengeAndVerify(ctx, second.access_token, phone.id, codeOf(phone));
    expect(raisedByPhone.status, raisedByPhone.text).toBe(200);

    const removed = await bearer(ctx, raisedByBackup.body.access_token).delete(
      `/auth/v1/factors/${phone.id}`,
    );
    expect(removed.status, removed.text).toBe(200);

    // The second session's token still says aal2, but its session is aal1 again.
    const stale = raisedByPhone.body.access_token;
    const unenroll = await bearer(ctx, stale).delete(`/auth/v1/factors/${backup.id}`);
    expect(unenroll.status).toBe(422);
    expect(unenroll.body.error_code).toBe("insufficient_aal");
    const enroll = await bearer(ctx, stale).post("/auth/v1/factors", { factor_type: "totp" });
    expect(enroll.status).toBe(403);
    expect(enroll.body.error_code).toBe("insufficient_aal");
  });
});
