import { createHmac, createPublicKey, type JsonWebKey } from "node:crypto";
import { GoTrueClient } from "@supabase/auth-js";
import jwt from "jsonwebtoken";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import type { Database } from "../../src/db/database";
import { createLogger } from "../../src/http/logger";

import { createKeyring } from "../../src/modules/auth/keyring";
import {
  addSigningKey,
  createKeySealer,
  promoteSigningKey,
  retireSigningKey,
} from "../../src/modules/auth/signing-keys";
import { rotationDeps } from "../../src/modules/auth/signing-keys-cli";
import type { TestContext } from "../helpers";
import { type LiveServer, startLiveServer } from "../support/live-server";
import { openOtherConnection } from "../support/test-database";

let live: LiveServer;
let ctx: TestContext;
let base: string;
let otherDb: Database;
/** A second node on the same database, started before any rotation. */
let nodeB: Awaited<ReturnType<typeof createApp>>;
const NODE_B_REFRESH = 7200;
let user: Awaited<ReturnType<TestContext["createUser"]>>;

beforeAll(async () => {
  live = await startLiveServer();
  ({ ctx, base } = live);
  otherDb = await openOtherConnection(ctx.databaseUrl);
  // A long refresh interval, so only an unknown kid can make it re-read the keys during these tests.
  const config = { ...ctx.config, JWT_KEYS_REFRESH_SECONDS: NODE_B_REFRESH };
  nodeB = await createApp({ config, db: otherDb, logger: createLogger("silent"), now: ctx.clock.now });
  user = await ctx.createUser();
});
afterAll(async () => {
  await otherDb.close();
  await live.close();
});

const rotation = () => rotationDeps(ctx.db, ctx.config, ctx.clock.now);
/** Past every node's periodic re-read of the keys. */
const afterRefresh = () => ctx.clock.advance(ctx.config.JWT_KEYS_REFRESH_SECONDS);

async function signIn(app: TestContext["app"] = ctx.app): Promise<string> {
  const res = await request(app)
    .post("/auth/v1/token?grant_type=password")
    .set("apikey", ctx.anonKey)
    .send({ email: user.email, password: user.password });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

const userStatus = async (token: string, app: TestContext["app"] = ctx.app) =>
  (await request(app).get("/auth/v1/user").set("apikey", ctx.anonKey).set("authorization", `Bearer ${token}`))
    .status;

const jwks = async () =>
  (await fetch(`${base}/auth/v1/.well-known/jwks.json`)).json() as Promise<{
    keys: Record<string, unknown>[];
  }>;
const headerOf = (token: string) => jwt.decode(token, { complete: true })?.header;

/** Stock auth-js; its requests are recorded, to see that getClaims() verified locally. */
function stockClient() {
  const urls: string[] = [];
  const client = new GoTrueClient({
    url: `${base}/auth/v1`,
    headers: { apikey: ctx.anonKey },
    persistSession: false,
    autoRefreshToken: false,
    fetch: (input, init) => {
      urls.push(String(input));
      return fetch(input, init);
    },
  });
  return { client, urls };
}

/** A token "signed" by HMAC with some bytes as the secret, as an alg-confusion attack makes one. */
function hmacToken(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string | Buffer,
) {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const body = `${part(header)}.${part(payload)}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

describe("asymmetric signing keys, JWKS and rotation", () => {
  let hsToken: string;
  let esKid: string;
  let esToken: string;

  it("publishes nothing while JWT_SECRET signs; a standby key is published, without private parts, before it signs", async () => {
    expect(await jwks()).toEqual({ keys: [] });
    hsToken = await signIn();
    expect(headerOf(hsToken)).toEqual({ alg: "HS256", typ: "JWT" });

    esKid = (await addSigningKey(rotation(), "ES256")).kid;
    afterRefresh();
    const { keys } = await jwks();
    expect(keys).toEqual([
      {
        kid: esKid,
        alg: "ES256",
        use: "sig",
        key_ops: ["verify"],
        ext: true,
        kty: "EC",
        crv: "P-256",
        x: expect.any(String),
        y: expect.any(String),
      },
    ]);
    // Still standby: tokens are still signed with JWT_SECRET.
    expect(headerOf(await signIn())?.alg).toBe("HS256");
  });

  it("after promote, tokens carry the key's kid and stock auth-js getClaims() verifies them from the JWKS", async () => {
    await promoteSigningKey(rotation(), esKid);
    afterRefresh();
    esToken = await signIn();
    expect(headerOf(esToken)).toEqual({ alg: "ES256", typ: "JWT", kid: esKid });

    const { client, urls } = stockClient();
    const { data, error } = await client.getClaims(esToken);
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(user.id);
    expect(urls).toEqual([`${base}/auth/v1/.well-known/jwks.json`]);

    const [head, , signature] = esToken.split(".");
    const otherClaims = { ...(jwt.decode(esToken) as object), sub: "someone-else" };
    const forged = `${head}.${Buffer.from(JSON.stringify(otherClaims)).toString("base64url")}.${signature}`;
    expect((await client.getClaims(forged)).error?.message).toMatch(/Invalid JWT signature/);
    expect(await userStatus(forged)).toBe(403);
  });

  it("keeps accepting HS256 tokens signed before the switch and the anon and service_role keys", async () => {
    expect(await userStatus(hsToken)).toBe(200);
    expect(await userStatus(esToken)).toBe(200);
    const admin = await request(ctx.app)
      .get("/auth/v1/admin/users")
      .set("apikey", ctx.serviceRoleKey)
      .set("authorization", `Bearer ${ctx.serviceRoleKey}`);
    expect(admin.status).toBe(200);
  });

  it("a second node on the same database verifies a kid promoted elsewhere at once, and then signs with it", async () => {
    // nodeB started before the promotion and its periodic re-read is not due: the kid is unknown to it.
    expect(await userStatus(esToken, nodeB)).toBe(200);
    expect(headerOf(await signIn(nodeB))?.kid).toBe(esKid);
  });

  it("refuses alg confusion, unsupported algorithms and unknown kids", async () => {
    const claims = { ...(jwt.decode(esToken) as Record<string, unknown>), sub: user.id };
    const pem = createPublicKey({ key: (await jwks()).keys[0] as JsonWebKey, format: "jwk" })
      .export({ format: "pem", type: "spki" })
      .toString();
    const attempts = [
      hmacToken({ alg: "HS256", typ: "JWT", kid: esKid }, claims, pem),
      hmacToken({ alg: "HS256", typ: "JWT" }, claims, pem),
      `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`,
      jwt.sign(claims, "x".repeat(64), { algorithm: "HS512", noTimestamp: true }),
      hmacToken({ alg: "HS256", typ: "JWT", kid: "no-such-key" }, claims, ctx.config.JWT_SECRET),
    ];
    for (const token of attempts) {
      expect(await userStatus(token)).toBe(403);
      const rest = await request(ctx.app)
        .get("/rest/v1/events?select=id")
        .set("apikey", ctx.anonKey)
        .set("authorization", `Bearer ${token}`);
      expect(rest.status).toBe(401);
      expect(rest.body.code).toBe("PGRST301");
    }
  });

  it("rotates without signing anyone out: the old key verifies until its tokens expire, then retires", async () => {
    const rsKid = (await addSigningKey(rotation(), "RS256")).kid;
    await expect(retireSigningKey(rotation(), esKid)).rejects.toThrow(/current signing key/);
    await promoteSigningKey(rotation(), rsKid);
    afterRefresh();

    const rsToken = await signIn();
    expect(headerOf(rsToken)).toMatchObject({ alg: "RS256", kid: rsKid });
    const { data, error } = await stockClient().client.getClaims(rsToken);
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(user.id);

    // The token issued under the previous key still works, and so the key cannot go yet.
    expect(await userStatus(esToken)).toBe(200);
    await expect(retireSigningKey(rotation(), esKid)).rejects.toThrow(/may still be carried by unexpired/);
    const published = (await jwks()).keys;
    expect(published.map((k) => k.kid).sort()).toEqual([esKid, rsKid].sort());
    expect(published.find((k) => k.kid === rsKid)).toEqual({
      kid: rsKid,
      alg: "RS256",
      use: "sig",
      key_ops: ["verify"],
      ext: true,
      kty: "RSA",
      n: expect.any(String),
      e: "AQAB",
    });

    ctx.clock.advance(ctx.config.JWT_EXPIRY);
    await retireSigningKey(rotation(), esKid);
    afterRefresh();
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([rsKid]);
    expect(await userStatus(await signIn())).toBe(200);

    // The second node picks up the promotion by its periodic re-read, without a restart.
    ctx.clock.advance(NODE_B_REFRESH);
    expect(headerOf(await signIn(nodeB))?.kid).toBe(rsKid);
  });

  it("re-reads the keys for unknown kids at most once every few seconds, however many arrive", async () => {
    let reads = 0;
    // The real database, its reads counted.
    const counted = new Proxy(ctx.db, {
      get(target, name) {
        if (name === "selectFrom") reads++;
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const keyring = createKeyring({
      db: counted,
      sealer: createKeySealer(ctx.config.MFA_ENCRYPTION_KEY),
      refreshSeconds: 60,
      now: ctx.clock.now,
    });
    await keyring.reload();
    expect(reads).toBe(1);
    for (let i = 0; i < 5; i++) expect(await keyring.find(`made-up-${i}`)).toBeUndefined();
    expect(reads).toBe(2);
    ctx.clock.advance(5);
    expect(await keyring.find("made-up")).toBeUndefined();
    expect(reads).toBe(3);
  });

  it("keeps the private key sealed: under another MFA_ENCRYPTION_KEY the signing key does not open", async () => {
    const rows = await ctx.db.selectFrom("auth_signing_keys").select("private_key_sealed").execute();
    for (const row of rows) expect(row.private_key_sealed).not.toMatch(/PRIVATE KEY|^MI/);
    const keyring = createKeyring({
      db: ctx.db,
      sealer: createKeySealer("another-mfa-encryption-key-of-32-bytes-or-more"),
      refreshSeconds: 60,
      now: ctx.clock.now,
    });
    await expect(keyring.reload()).rejects.toThrow(/MFA_ENCRYPTION_KEY is not the one it was sealed with/);
  });
});
