import type { AddressInfo } from "node:net";
import type { AuthSession, DevMail } from "@app/contracts";
import { authenticator } from "otplib";
import request from "supertest";
import { expect } from "vitest";
import type { TestContext } from "../helpers";

/** What requests need of a context: the app and its anonymous key (a restarted app has its own). */
export type AppUnderTest = Pick<TestContext, "app" | "anonKey">;

export const API_VERSION = { "X-Supabase-Api-Version": "2024-01-01" };

/** A request builder carrying the anonymous key, as every auth-js call does. */
export function anon(ctx: AppUnderTest) {
  const agent = request(ctx.app);
  const withKey = <T extends { set(h: string, v: string): T }>(r: T) => r.set("apikey", ctx.anonKey);
  return {
    get: (path: string) => withKey(agent.get(path)),
    post: (path: string, body?: object) => {
      const r = withKey(agent.post(path));
      return body ? r.send(body) : r;
    },
    put: (path: string, body: object) => withKey(agent.put(path)).send(body),
    delete: (path: string) => withKey(agent.delete(path)),
  };
}

export function bearer(ctx: AppUnderTest, token: string) {
  const agent = request(ctx.app);
  const auth = <T extends { set(h: string, v: string): T }>(r: T) =>
    r.set("apikey", ctx.anonKey).set("Authorization", `Bearer ${token}`);
  return {
    get: (path: string) => auth(agent.get(path)),
    post: (path: string, body?: object) => {
      const r = auth(agent.post(path));
      return body ? r.send(body) : r;
    },
    put: (path: string, body: object) => auth(agent.put(path)).send(body),
    delete: (path: string) => auth(agent.delete(path)),
  };
}

export async function signIn(ctx: AppUnderTest, email: string, password: string): Promise<AuthSession> {
  const res = await anon(ctx).post("/auth/v1/token?grant_type=password", { email, password });
  expect(res.status, res.text).toBe(200);
  return res.body as AuthSession;
}

export async function refresh(ctx: AppUnderTest, refreshToken: string) {
  return anon(ctx).post("/auth/v1/token?grant_type=refresh_token", { refresh_token: refreshToken });
}

export async function mails(ctx: TestContext, to?: string): Promise<DevMail[]> {
  const res = await request(ctx.app)
    .get("/api/dev/mail")
    .query(to ? { to } : {});
  expect(res.status, res.text).toBe(200);
  return res.body as DevMail[];
}

export async function latestMail(ctx: TestContext, to: string): Promise<DevMail> {
  const [mail] = await mails(ctx, to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The path and query of a mailed verify link, to replay it against the in-process app. */
export function linkPath(link: string) {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export const linkToken = (link: string) => new URL(link).searchParams.get("token") ?? "";
export const mailCode = (mail: DevMail) => /code: (\d{6})/.exec(mail.text)?.[1] ?? "";

export function fragmentOf(location: string) {
  return Object.fromEntries(new URLSearchParams(location.split("#")[1] ?? ""));
}

export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload] = token.split(".");
  return JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
}

// ---- TOTP --------------------------------------------------------------------------------------------

export const totpCode = (secret: string, ms: number) => authenticator.clone({ epoch: ms }).generate(secret);

/** A well-formed code that is wrong at `ms` (accepted codes span one step either side). */
export function wrongTotpCode(secret: string, ms: number) {
  const near = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, ms + d)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

export interface EnrolledTotp {
  id: string;
  totp: { secret: string; qr_code: string; uri: string };
}

export async function enrollTotp(ctx: AppUnderTest, token: string, friendlyName?: string) {
  const res = await bearer(ctx, token).post("/auth/v1/factors", {
    factor_type: "totp",
    ...(friendlyName ? { friendly_name: friendlyName } : {}),
  });
  expect(res.status, res.text).toBe(200);
  return res.body as EnrolledTotp;
}

export function challengeFactor(ctx: AppUnderTest, token: string, factorId: string) {
  return bearer(ctx, token).post(`/auth/v1/factors/${factorId}/challenge`, {});
}

export function verifyFactor(
  ctx: AppUnderTest,
  token: string,
  factorId: string,
  challengeId: string,
  code: string,
) {
  return bearer(ctx, token).post(`/auth/v1/factors/${factorId}/verify`, { challenge_id: challengeId, code });
}

/** A fresh challenge (which must be granted) answered with `code`. */
export async function challengeAndVerify(ctx: AppUnderTest, token: string, factorId: string, code: string) {
  const challenge = await challengeFactor(ctx, token, factorId);
  expect(challenge.status, challenge.text).toBe(200);
  return verifyFactor(ctx, token, factorId, challenge.body.id, code);
}

export interface SentRequest {
  body: object;
  headers?: Record<string, string>;
}

/**
 * Sends every request at once over real HTTP to one listening server (as a botnet would), and returns
 * the answers in the order the requests were given.
 */
export async function postAllAtOnce(ctx: TestContext, path: string, requests: SentRequest[]) {
  const server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await Promise.all(
      requests.map(async ({ body, headers = {} }) => {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, {
          method: "POST",
          headers: { apikey: ctx.anonKey, "content-type": "application/json", ...headers },
          body: JSON.stringify(body),
        });
        return {
          status: res.status,
          headers: res.headers,
          body: (await res.json()) as Record<string, unknown>,
        };
      }),
    );
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
