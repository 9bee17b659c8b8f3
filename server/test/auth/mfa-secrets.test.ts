import { createCipheriv, hkdfSync, randomBytes } from "node:crypto";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { createTokenSigner } from "../../src/modules/auth/jwt";
import { createTestContext, TEST_SECRET, type TestContext, testConfig } from "../helpers";
import { type AppUnderTest, challengeAndVerify, decodeJwt, enrollTotp, signIn, totpCode } from "./support";

const ROTATED_SECRET = "a-rotated-jwt-secret-that-is-also-32-bytes-long";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ seed: false, env: { RATE_LIMITS: "false" } });
});
afterEach(() => ctx.close());

/**
 * The same database served by a freshly started app with other settings (same clock), with its own
 * anonymous key and log lines.
 */
async function restart(env: Record<string, string> = {}) {
  const config = testConfig(ctx.dir, { DATABASE_URL: ctx.databaseUrl, ...env });
  const logs: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => logs.push(line) });
  const app = await createApp({ config, db: ctx.db, logger, now: ctx.clock.now });
  const anonKey = createTokenSigner(config.JWT_SECRET).anonKey;
  return { app, anonKey, logs };
}

/** How the previous release sealed a TOTP secret: AES-256-GCM under a key derived from JWT_SECRET. */
function legacySeal(jwtSecret: string, plain: string) {
  const key = Buffer.from(hkdfSync("sha256", Buffer.from(jwtSecret), Buffer.alloc(0), "mfa-secret-seal", 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

const storedSecret = async (factorId: string) =>
  (await ctx.db.selectFrom("mfa_factors").select("secret").where("id", "=", factorId).executeTakeFirst())
    ?.secret;

const storeSecret = (factorId: string, secret: string) =>
  ctx.db.updateTable("mfa_factors").set({ secret }).where("id", "=", factorId).execute();

async function userWithVerifiedFactor(c: AppUnderTest = ctx) {
  const user = await ctx.createUser();
  const session = await signIn(c, user.email, user.password);
  const factor = await enrollTotp(c, session.access_token);
  const verified = await challengeAndVerify(
    c,
    session.access_token,
    factor.id,
    totpCode(factor.totp.secret, ctx.clock.now()),
  );
  expect(verified.status, verified.text).toBe(200);
  return { user, factor };
}

/** Signs in afresh through `c` and steps up with the factor's current code. */
async function stepUp(
  c: AppUnderTest,
  user: { email: string; password: string },
  factor: { id: string; totp: { secret: string } },
) {
  ctx.clock.advance(30);
  const session = await signIn(c, user.email, user.password);
  return challengeAndVerify(
    c,
    session.access_token,
    factor.id,
    totpCode(factor.totp.secret, ctx.clock.now()),
  );
}

describe("TOTP secrets are sealed with MFA_ENCRYPTION_KEY, not JWT_SECRET", () => {
  it("rotating JWT_SECRET (same MFA_ENCRYPTION_KEY) keeps every factor verifying", async () => {
    const { user, factor } = await userWithVerifiedFactor();
    expect(await storedSecret(factor.id)).toMatch(/^v2\./);
    expect(await storedSecret(factor.id)).not.toContain(factor.totp.secret);

    const rotated = await restart({ JWT_SECRET: ROTATED_SECRET });
    const verified = await stepUp(rotated, user, factor);
    expect(verified.status, verified.text).toBe(200);
    expect(decodeJwt(verified.body.access_token).aal).toBe("aal2");
  });

  it("a row sealed the old way is re-sealed at start, and verifies after JWT_SECRET is then rotated", async () => {
    const { user, factor } = await userWithVerifiedFactor();
    const legacy = legacySeal(TEST_SECRET, factor.totp.secret);
    await storeSecret(factor.id, legacy);

    const upgraded = await restart();
    const resealed = await storedSecret(factor.id);
    expect(resealed).toMatch(/^v2\./);
    expect(resealed).not.toBe(legacy);
    expect(upgraded.logs.join("\n")).toContain('"resealed":1');

    const rotated = await restart({ JWT_SECRET: ROTATED_SECRET });
    expect(await storedSecret(factor.id)).toBe(resealed);
    const verified = await stepUp(rotated, user, factor);
    expect(verified.status, verified.text).toBe(200);
  });

  it("rotating first leaves old rows untouched and says so; restoring the old secret re-seals them", async () => {
    const { user, factor } = await userWithVerifiedFactor();
    const legacy = legacySeal(TEST_SECRET, factor.totp.secret);
    await storeSecret(factor.id, legacy);

    const tooEarly = await restart({ JWT_SECRET: ROTATED_SECRET });
    expect(await storedSecret(factor.id)).toBe(legacy);
    expect(tooEarly.logs.join("\n")).toMatch(/cannot be opened.*JWT_SECRET/);

    const restored = await restart();
    expect(await storedSecret(factor.id)).toMatch(/^v2\./);
    expect((await stepUp(restored, user, factor)).status).toBe(200);
  });

  it("a legacy row not yet re-sealed (written by an older node meanwhile) still verifies", async () => {
    const { user, factor } = await userWithVerifiedFactor();
    const legacy = legacySeal(TEST_SECRET, factor.totp.secret);
    await storeSecret(factor.id, legacy);
    const verified = await stepUp(ctx, user, factor);
    expect(verified.status, verified.text).toBe(200);
  });
});
