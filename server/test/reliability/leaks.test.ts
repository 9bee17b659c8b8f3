import { createHash } from "node:crypto";
import type { DevMail } from "@app/contracts";
import { authenticator } from "otplib";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/http/logger";
import { codeHash, sha256 } from "../../src/platform/secrets";
import { fragmentOf, latestMail, linkPath, linkToken, mailCode } from "../auth/support";
import { createTestContext, TEST_SECRET, type TestContext, uniqueEmail } from "../helpers";

/**
 * Runs every flow that handles a secret, collecting each secret and every URL the server builds, then
 * checks that no log line carries one, and no URL one beyond the mailed link's own token.
 */
let ctx: TestContext;
/** Never in a log line, nor in a URL the server builds. */
const secrets = new Set<string>();
/** The mailed links' tokens: only ever in the mail itself. */
const linkTokens = new Set<string>();
/**
 * PKCE auth codes: the one secret a built URL may carry (GoTrue puts it in the redirect's query, and it is
 * worthless without the verifier that never leaves the client), but never a log line.
 */
const authCodes = new Set<string>();
/** 6-digit codes (mailed and TOTP): too short to grep as substrings, so matched as whole numbers. */
const codes = new Set<string>();
const addresses = new Set<string>();
const builtUrls: string[] = [];
const authResponses: request.Response[] = [];

const remember = (...values: (string | undefined | null)[]) => {
  for (const v of values) if (v && v.length >= 6) secrets.add(v);
};
/** A mailed link's token and code, and the hashes the server stores of them. */
const rememberMail = (mail: DevMail, email: string) => {
  const token = linkToken(mail.link);
  const code = mailCode(mail);
  expect(token.length).toBeGreaterThan(20);
  expect(code).toMatch(/^\d{6}$/);
  linkTokens.add(token);
  codes.add(code);
  remember(sha256(token), codeHash(email, code));
  builtUrls.push(mail.link);
};
const rememberSession = (session: { access_token?: string; refresh_token?: string }) => {
  expect(session.access_token).toEqual(expect.any(String));
  remember(session.access_token, session.refresh_token);
  if (session.refresh_token) remember(sha256(session.refresh_token));
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
const mailTo = async (email: string) => {
  const mail = await latestMail(ctx, email);
  rememberMail(mail, email);
  return mail;
};

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  remember(ctx.anonKey, TEST_SECRET);
  const email = uniqueEmail("leaks");
  const newcomer = uniqueEmail("leaks-otp");
  addresses.add(email).add(newcomer);
  const password = "a secret passphrase nobody logs 31";
  const newPassword = "another secret passphrase nobody logs 47";
  remember(password, newPassword);

  // Sign up and confirm through the mailed link.
  track(
    await withKey(api().post("/auth/v1/signup")).send({ email, password, data: { full_name: "Lea Kage" } }),
  );
  const confirm = await mailTo(email);
  const verified = track(await api().get(linkPath(confirm.link)).redirects(0));
  rememberSession(fragmentOf(verified.headers.location as string));

  // Password sign-in, a wrong password, refresh.
  const signIn = track(
    await withKey(api().post("/auth/v1/token?grant_type=password")).send({ email, password }),
  );
  rememberSession(signIn.body);
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
  rememberSession(refreshed.body);
  const bearer = (r: request.Test, token = refreshed.body.access_token as string) =>
    withKey(r).set("Authorization", `Bearer ${token}`);

  // The user, a password change, a TOTP factor enrolled and verified.
  track(await bearer(api().get("/auth/v1/user")));
  track(await bearer(api().put("/auth/v1/user")).send({ password: newPassword }));
  const factor = track(
    await bearer(api().post("/auth/v1/factors")).send({ factor_type: "totp", friendly_name: "phone" }),
  );
  remember(factor.body.totp?.secret, factor.body.totp?.uri);
  const challenge = track(await bearer(api().post(`/auth/v1/factors/${factor.body.id}/challenge`)).send({}));
  const totp = authenticator.clone({ epoch: ctx.clock.now() }).generate(factor.body.totp.secret);
  codes.add(totp);
  const aal2 = track(
    await bearer(api().post(`/auth/v1/factors/${factor.body.id}/verify`)).send({
      challenge_id: challenge.body.id,
      code: totp,
    }),
  );
  expect(aal2.status, aal2.text).toBe(200);
  rememberSession(aal2.body);

  // Magic links: a new user's, an existing user's followed, another redeemed by token_hash.
  track(await withKey(api().post("/auth/v1/otp")).send({ email: newcomer }));
  await mailTo(newcomer);
  track(await withKey(api().post("/auth/v1/otp")).send({ email, create_user: false }));
  const magic = await mailTo(email);
  const followed = track(await api().get(linkPath(magic.link)).redirects(0));
  rememberSession(fragmentOf(followed.headers.location as string));
  track(await withKey(api().post("/auth/v1/otp")).send({ email }));
  const byHash = track(
    await withKey(api().post("/auth/v1/verify")).send({
      type: "magiclink",
      token_hash: linkToken((await mailTo(email)).link),
    }),
  );
  rememberSession(byHash.body);

  // Recovery redeemed by its 6-digit code, then a bogus link.
  track(await withKey(api().post("/auth/v1/recover")).send({ email }));
  const recovery = await mailTo(email);
  const recovered = track(
    await withKey(api().post("/auth/v1/verify")).send({ type: "recovery", email, token: mailCode(recovery) }),
  );
  expect(recovered.status, recovered.text).toBe(200);
  rememberSession(recovered.body);
  // A PKCE magic link: the code lands in the redirect's query, then the browser loads that page and the
  // client exchanges the code with its verifier.
  const verifier = "a-pkce-code-verifier-nobody-logs-0123456789abcdefghijklmn";
  remember(verifier, createHash("sha256").update(verifier).digest("base64url"));
  track(
    await withKey(api().post("/auth/v1/otp")).send({
      email,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "s256",
    }),
  );
  const followedPkce = track(
    await api()
      .get(linkPath((await mailTo(email)).link))
      .redirects(0),
  );
  const landed = new URL(followedPkce.headers.location ?? "");
  const authCode = landed.searchParams.get("code") ?? "";
  expect(authCode.length).toBeGreaterThan(20);
  authCodes.add(authCode);
  await api().get(`${landed.pathname}${landed.search}`);
  const exchanged = track(
    await withKey(api().post("/auth/v1/token?grant_type=pkce")).send({
      auth_code: authCode,
      code_verifier: verifier,
    }),
  );
  expect(exchanged.status, exchanged.text).toBe(200);
  rememberSession(exchanged.body);
  remember(sha256(authCode));

  track(await api().get("/auth/v1/verify?token=bogus-one-time-token&type=recovery").redirects(0));
  remember("bogus-one-time-token");

  track(await bearer(api().post("/auth/v1/logout?scope=global"), aal2.body.access_token));
  // A data call with a user token, so request logs see an Authorization header too.
  await withKey(api().get("/rest/v1/events?limit=1")).set(
    "Authorization",
    `Bearer ${signIn.body.access_token}`,
  );
});
afterAll(() => ctx.close());

describe("secrets stay out of logs and URLs", () => {
  it("collected the secrets and URLs it means to check", () => {
    expect(secrets.size).toBeGreaterThanOrEqual(25);
    expect(linkTokens.size).toBe(6);
    expect(authCodes.size).toBe(1);
    expect(codes.size).toBeGreaterThanOrEqual(5);
    expect(builtUrls.length).toBeGreaterThanOrEqual(8);
    expect(ctx.logs.length).toBeGreaterThan(20);
    expect(ctx.logs.filter((l) => l.includes('"mail queued in outbox"'))).toHaveLength(6);
  });

  it("no log line carries a password, key, access or refresh token, a token hash, or the secret", () => {
    for (const line of ctx.logs)
      for (const secret of secrets)
        expect(line.includes(secret), `log line leaks a secret: ${line.slice(0, 160)}`).toBe(false);
  });

  it("no log line carries a mailed link's token, a PKCE auth code, a 6-digit code, or a recipient's address", () => {
    for (const line of ctx.logs) {
      for (const token of [...linkTokens, ...authCodes])
        expect(line.includes(token), line.slice(0, 160)).toBe(false);
      for (const code of codes)
        expect(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`).test(line), line).toBe(false);
      for (const address of addresses) expect(line.includes(address), line.slice(0, 160)).toBe(false);
    }
  });

  it("a queued mail is logged by id, kind and a hash of its address only", () => {
    const queued = ctx.logs.map((l) => JSON.parse(l)).filter((l) => l.msg === "mail queued in outbox");
    for (const line of queued) {
      expect(Object.keys(line.mail).sort()).toEqual(["id", "kind", "to_hash"]);
      expect(line.mail.to_hash).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("no URL the server builds carries a secret in its path or query", () => {
    for (const url of builtUrls) {
      const { pathname, search } = new URL(url, "http://localhost");
      for (const secret of secrets) expect(`${pathname}${search}`.includes(secret), url).toBe(false);
    }
  });

  it("every auth answer is marked Cache-Control: no-store", () => {
    expect(authResponses.length).toBeGreaterThan(12);
    for (const res of authResponses) expect(res.headers["cache-control"], pathOf(res)).toBe("no-store");
  });
});

describe("the logger", () => {
  it("censors secret-named fields, at the top and one level down", () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => lines.push(line) });
    const names = ["password", "token", "token_hash", "refresh_token", "access_token", "nonce", "code"];
    const values = names.map((name) => `value-of-${name}-7f3a9c`);
    const fields = Object.fromEntries(names.map((name, i) => [name, values[i]]));
    logger.info({ ...fields, mail: { link: "https://site/verify?token=mail-link-secret" } }, "top");
    logger.info({ body: fields }, "nested");
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      for (const value of [...values, "mail-link-secret"]) expect(line).not.toContain(value);
      expect(line).toContain("[redacted]");
    }
  });
});

describe("with DEV_MAIL_UI off", () => {
  it("the outbox keeps no link, and no body carrying one", async () => {
    const quiet = await createTestContext({ seed: false, env: { RATE_LIMITS: "false", DEV_MAIL_UI: "" } });
    try {
      const email = uniqueEmail("quiet");
      const post = (path: string, body: object) =>
        request(quiet.app).post(path).set("apikey", quiet.anonKey).send(body);
      await post("/auth/v1/signup", { email, password: "a secret passphrase nobody logs 31" });
      await post("/auth/v1/otp", { email });
      await post("/auth/v1/recover", { email });
      await quiet.work.whenIdle();
      const rows = await quiet.db
        .selectFrom("mail_outbox")
        .select(["kind", "subject", "link", "text_body", "html_body"])
        .where("to_address", "=", email)
        .execute();
      expect(rows.map((r) => r.kind).sort()).toEqual(["confirmation", "magic_link", "recovery"]);
      for (const row of rows) {
        expect(row.subject).not.toBe("");
        expect({ link: row.link, text: row.text_body, html: row.html_body }).toEqual({
          link: "",
          text: "",
          html: "",
        });
      }
      expect(quiet.logs.some((l) => l.includes("/auth/v1/verify?") || l.includes(email))).toBe(false);
    } finally {
      await quiet.close();
    }
  });
});
