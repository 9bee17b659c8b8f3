import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fragmentOf, latestMail, linkPath, linkToken } from "../auth/support";
import { createTestContext, TEST_SECRET, type TestContext, uniqueEmail } from "../helpers";

/**
 * Runs every flow that handles a secret, collecting each secret and every URL the server builds,
 * then checks that no log line and no URL carries one. The one exception is the one-time link itself,
 * which goes into the mail and (outbox mode, development only) the "mail queued" log line.
 */
let ctx: TestContext;
const secrets = new Set<string>();
const oneTimeTokens = new Set<string>();
const builtUrls: string[] = [];
const authResponses: request.Response[] = [];

const remember = (...values: (string | undefined | null)[]) => {
  for (const v of values) if (v && v.length >= 6) secrets.add(v);
};
/** supertest keeps the request on the response at run time; its types do not say so. */
const pathOf = (res: request.Response) => (res as unknown as { req: { path: string } }).req.path;
const track = (res: request.Response) => {
  if (res.headers.location) builtUrls.push(res.headers.location);
  if (pathOf(res).startsWith("/auth/v1")) authResponses.push(res);
  return res;
};
const api = () => request(ctx.app);
const withKey = (r: request.Test) => r.set("apikey", ctx.anonKey);

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  remember(ctx.anonKey, TEST_SECRET);
  const email = uniqueEmail("leaks");
  const password = "a secret passphrase nobody logs 31";
  const newPassword = "another secret passphrase nobody logs 47";
  remember(password, newPassword);

  track(
    await withKey(api().post("/auth/v1/signup")).send({ email, password, data: { full_name: "Lea Kage" } }),
  );
  const confirm = await latestMail(ctx, email);
  oneTimeTokens.add(linkToken(confirm.link));
  builtUrls.push(confirm.link);
  const verified = track(await api().get(linkPath(confirm.link)).redirects(0));
  const fragment = fragmentOf(verified.headers.location as string);
  remember(fragment.access_token, fragment.refresh_token);

  const signIn = track(
    await withKey(api().post("/auth/v1/token?grant_type=password")).send({ email, password }),
  );
  remember(signIn.body.access_token, signIn.body.refresh_token);
  const wrong = track(
    await withKey(api().post("/auth/v1/token?grant_type=password")).send({ email, password: `${password}x` }),
  );
  expect(wrong.status).toBe(400);
  remember(`${password}x`);

  const refreshed = track(
    await withKey(api().post("/auth/v1/token?grant_type=refresh_token")).send({
      refresh_token: signIn.body.refresh_token,
    }),
  );
  remember(refreshed.body.access_token, refreshed.body.refresh_token);
  const bearer = (r: request.Test) =>
    withKey(r).set("Authorization", `Bearer ${refreshed.body.access_token}`);

  track(await bearer(api().get("/auth/v1/user")));
  track(await bearer(api().put("/auth/v1/user")).send({ password: newPassword }));
  const factor = track(
    await bearer(api().post("/auth/v1/factors")).send({ factor_type: "totp", friendly_name: "phone" }),
  );
  remember(factor.body.totp?.secret);

  track(await withKey(api().post("/auth/v1/otp")).send({ email: uniqueEmail("leaks-otp") }));
  track(await withKey(api().post("/auth/v1/otp")).send({ email, create_user: false }));
  const magic = await latestMail(ctx, email);
  oneTimeTokens.add(linkToken(magic.link));
  builtUrls.push(magic.link);
  track(await withKey(api().post("/auth/v1/recover")).send({ email }));
  track(await api().get("/auth/v1/verify?token=bogus-one-time-token&type=recovery").redirects(0));
  track(await bearer(api().post("/auth/v1/logout?scope=global")));
  // A data call with a user token, so request logs see an Authorization header too.
  await withKey(api().get("/rest/v1/events?limit=1")).set(
    "Authorization",
    `Bearer ${signIn.body.access_token}`,
  );
});
afterAll(() => ctx.close());

describe("secrets stay out of logs and URLs", () => {
  it("collected the secrets and URLs it means to check", () => {
    expect(secrets.size).toBeGreaterThanOrEqual(8);
    expect(oneTimeTokens.size).toBe(2);
    expect(builtUrls.length).toBeGreaterThanOrEqual(4);
    expect(ctx.logs.length).toBeGreaterThan(10);
    // The scan can see what it looks for: the outbox line does carry the link (by design, development only).
    expect(ctx.logs.some((line) => [...oneTimeTokens].some((t) => line.includes(t)))).toBe(true);
  });

  it("no log line carries a password, key, access or refresh token, or the secret", () => {
    for (const line of ctx.logs)
      for (const secret of secrets)
        expect(line.includes(secret), `log line leaks a secret: ${line.slice(0, 160)}`).toBe(false);
  });

  it("one-time tokens appear only in the outbox's mail-link line, never in request logs", () => {
    for (const line of ctx.logs) {
      for (const token of oneTimeTokens) {
        if (line.includes(token)) expect(JSON.parse(line).msg).toBe("mail queued in outbox");
      }
    }
    expect(ctx.logs.some((l) => l.includes("bogus-one-time-token"))).toBe(false);
  });

  it("no URL the server builds carries a secret in its path or query", () => {
    for (const url of builtUrls) {
      const { pathname, search } = new URL(url, "http://localhost");
      for (const secret of secrets) expect(`${pathname}${search}`.includes(secret), url).toBe(false);
    }
  });

  it("every auth answer is marked Cache-Control: no-store", () => {
    expect(authResponses.length).toBeGreaterThan(8);
    for (const res of authResponses) expect(res.headers["cache-control"], pathOf(res)).toBe("no-store");
  });
});
