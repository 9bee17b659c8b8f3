import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { AuthSession } from "@app/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_SECRET, type TestContext } from "../helpers";
import { anon, bearer, decodeJwt, refresh, signIn } from "./support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
});
afterAll(() => ctx.close());

async function newSession() {
  const user = await ctx.createUser({ role: "staff" });
  return { user, session: await signIn(ctx, user.email, user.password) };
}

const tokenRows = (sessionId: string) =>
  ctx.db
    .selectFrom("refresh_tokens")
    .select(["id", "parent_id", "revoked_at"])
    .where("session_id", "=", sessionId)
    .orderBy("id")
    .execute();

const sessionIdOf = (s: AuthSession) => String(decodeJwt(s.access_token).session_id);

describe("refresh-token rotation", () => {
  it("revokes the presented token and issues its child in the same session", async () => {
    const { session } = await newSession();
    const res = await refresh(ctx, session.refresh_token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.refresh_token).not.toBe(session.refresh_token);
    expect(sessionIdOf(res.body)).toBe(sessionIdOf(session));
    const rows = await tokenRows(sessionIdOf(session));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.revoked_at).not.toBeNull();
    expect(rows[1]).toMatchObject({ parent_id: rows[0]?.id, revoked_at: null });
  });

  it("answers a token presented again inside the reuse interval with the same active session", async () => {
    const { session } = await newSession();
    const first = await refresh(ctx, session.refresh_token);
    ctx.clock.advance(5);
    const again = await refresh(ctx, session.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(first.body.refresh_token);
    expect(await tokenRows(sessionIdOf(session))).toHaveLength(2);
  });

  it("ends the session when even the parent of the active token comes back after the interval", async () => {
    const { session } = await newSession();
    const first = await refresh(ctx, session.refresh_token);
    ctx.clock.advance(ctx.config.REFRESH_TOKEN_REUSE_INTERVAL + 1);
    const again = await refresh(ctx, session.refresh_token);
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe("refresh_token_already_used");
    const active = await refresh(ctx, first.body.refresh_token);
    expect(active.status).toBe(400);
    expect(active.body.error_code).toBe("refresh_token_not_found");
    const user = await bearer(ctx, first.body.access_token).get("/auth/v1/user");
    expect(user.body.error_code).toBe("session_not_found");
  });

  it("walks a chain rotated twice within the interval", async () => {
    const { session } = await newSession();
    const first = await refresh(ctx, session.refresh_token);
    const second = await refresh(ctx, first.body.refresh_token);
    const replay = await refresh(ctx, session.refresh_token);
    expect(replay.status).toBe(200);
    expect(replay.body.refresh_token).toBe(second.body.refresh_token);
  });

  it("ends the whole session when an older token comes back after the interval", async () => {
    const { session } = await newSession();
    const first = await refresh(ctx, session.refresh_token);
    const second = await refresh(ctx, first.body.refresh_token);
    ctx.clock.advance(11);
    const stolen = await refresh(ctx, session.refresh_token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error_code).toBe("refresh_token_already_used");
    // The whole family is dead: the newest token, and every access token of the session.
    const newest = await refresh(ctx, second.body.refresh_token);
    expect(newest.status).toBe(400);
    expect(newest.body.error_code).toBe("refresh_token_not_found");
    const user = await bearer(ctx, second.body.access_token).get("/auth/v1/user");
    expect(user.status).toBe(403);
    expect(user.body.error_code).toBe("session_not_found");
    const reuse = await ctx.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "token_reuse_detected")
      .execute();
    expect(reuse.length).toBeGreaterThan(0);
  });

  it("refuses an unknown refresh token", async () => {
    const res = await refresh(ctx, "not-a-real-token");
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe("refresh_token_not_found");
  });

  it("creates exactly one child for 10 concurrent refreshes over real HTTP; every caller gets it", async () => {
    const { session } = await newSession();
    const server = ctx.app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`http://127.0.0.1:${port}/auth/v1/token?grant_type=refresh_token`, {
            method: "POST",
            headers: { apikey: ctx.anonKey, "content-type": "application/json" },
            body: JSON.stringify({ refresh_token: session.refresh_token }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as AuthSession })),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => a.body.refresh_token)).size).toBe(1);
      const rows = await tokenRows(sessionIdOf(session));
      expect(rows).toHaveLength(2);
      expect(rows.filter((r) => r.revoked_at === null)).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses to refresh past the inactivity timeout and past the absolute lifetime", async () => {
    const idle = await newSession();
    ctx.clock.advance(ctx.config.SESSION_INACTIVITY_TIMEOUT + 1);
    const tooLate = await refresh(ctx, idle.session.refresh_token);
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.error_code).toBe("session_expired");

    const busy = await newSession();
    let token = busy.session.refresh_token;
    const steps = Math.ceil(ctx.config.SESSION_TIMEBOX / (ctx.config.SESSION_INACTIVITY_TIMEOUT - 3600));
    for (let i = 0; i < steps; i++) {
      ctx.clock.advance(ctx.config.SESSION_INACTIVITY_TIMEOUT - 3600);
      const res = await refresh(ctx, token);
      if (res.status !== 200) {
        expect(res.body.error_code).toBe("session_expired");
        return;
      }
      token = res.body.refresh_token;
    }
    throw new Error("the session outlived SESSION_TIMEBOX");
  });
});

describe("POST /auth/v1/logout", () => {
  async function threeSessions() {
    const user = await ctx.createUser({ role: "staff" });
    const sessions = [
      await signIn(ctx, user.email, user.password),
      await signIn(ctx, user.email, user.password),
      await signIn(ctx, user.email, user.password),
    ] as const;
    return sessions;
  }
  const status = async (s: AuthSession) => (await bearer(ctx, s.access_token).get("/auth/v1/user")).status;

  it("ends every session of the user by default (global)", async () => {
    const [a, b, c] = await threeSessions();
    const res = await bearer(ctx, a.access_token).post("/auth/v1/logout");
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect([await status(a), await status(b), await status(c)]).toEqual([403, 403, 403]);
    expect((await refresh(ctx, b.refresh_token)).status).toBe(400);
  });

  it("scope=local ends only this session", async () => {
    const [a, b] = await threeSessions();
    expect((await bearer(ctx, a.access_token).post("/auth/v1/logout?scope=local")).status).toBe(204);
    expect([await status(a), await status(b)]).toEqual([403, 200]);
    expect((await refresh(ctx, a.refresh_token)).body.error_code).toBe("refresh_token_not_found");
  });

  it("scope=others ends every session but this one", async () => {
    const [a, b, c] = await threeSessions();
    expect((await bearer(ctx, a.access_token).post("/auth/v1/logout?scope=others")).status).toBe(204);
    expect([await status(a), await status(b), await status(c)]).toEqual([200, 403, 403]);
  });

  it("refuses an unknown scope and a missing token", async () => {
    const [a] = await threeSessions();
    expect((await bearer(ctx, a.access_token).post("/auth/v1/logout?scope=everything")).status).toBe(400);
    const none = await anon(ctx).post("/auth/v1/logout");
    expect(none.status).toBe(401);
    expect(none.body.error_code).toBe("no_authorization");
  });
});

describe("access tokens that must be refused", () => {
  const sign = (header: object, payload: object, secret = TEST_SECRET) => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const unsigned = `${enc(header)}.${enc(payload)}`;
    return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
  };

  async function refusedEverywhere(token: string) {
    const auth = await bearer(ctx, token).get("/auth/v1/user");
    expect(auth.status, auth.text).toBeGreaterThanOrEqual(401);
    expect(auth.status).toBeLessThan(404);
    const rest = await request(ctx.app)
      .get("/rest/v1/crm_contacts")
      .set("apikey", ctx.anonKey)
      .set("Authorization", `Bearer ${token}`);
    expect(rest.status, rest.text).toBe(401);
    return { auth, rest };
  }

  it("expired", async () => {
    const { session } = await newSession();
    expect((await bearer(ctx, session.access_token).get("/auth/v1/user")).status).toBe(200);
    ctx.clock.advance(3601);
    const { auth } = await refusedEverywhere(session.access_token);
    expect(auth.body.error_code).toBe("bad_jwt");
  });

  it("tampered signature or payload", async () => {
    const { session } = await newSession();
    const [h, p, sig] = session.access_token.split(".");
    const claims = decodeJwt(session.access_token);
    const forged = Buffer.from(JSON.stringify({ ...claims, app_metadata: { role: "admin" } })).toString(
      "base64url",
    );
    await refusedEverywhere(`${h}.${forged}.${sig}`);
    await refusedEverywhere(`${h}.${p}.${sig?.slice(0, -2)}AA`);
  });

  it("alg: none", async () => {
    const { session } = await newSession();
    const claims = decodeJwt(session.access_token);
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    await refusedEverywhere(`${enc({ alg: "none", typ: "JWT" })}.${enc(claims)}.`);
  });

  it("signed with another algorithm or key, or for another audience", async () => {
    const { session } = await newSession();
    const claims = decodeJwt(session.access_token);
    await refusedEverywhere(sign({ alg: "HS256", typ: "JWT" }, { ...claims, aud: "someone-else" }));
    await refusedEverywhere(
      sign({ alg: "HS256", typ: "JWT" }, claims, "another-secret-that-is-long-enough-32b"),
    );
    await refusedEverywhere(sign({ alg: "HS384", typ: "JWT" }, claims));
  });

  it("of an ended session, though still unexpired and correctly signed", async () => {
    const { session } = await newSession();
    await bearer(ctx, session.access_token).post("/auth/v1/logout?scope=local");
    const { auth, rest } = await refusedEverywhere(session.access_token);
    expect(auth.body.error_code).toBe("session_not_found");
    expect(rest.body.code).toBe("PGRST301");
  });
});
