import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type APIRequestContext, test } from "@playwright/test";
import { e2eDataDir } from "../../../scripts/lib/e2e-env.mjs";

const root = resolve(import.meta.dirname, "..", "..", "..");

/**
 * The environment of the server the running test talks to (written by scripts/e2e-server.mjs): the suite
 * has several servers, each with its own database, so the CLI must reach the one behind the test's baseURL.
 */
export function serverEnv(): Record<string, string> {
  const { baseURL } = test.info().project.use;
  const dir = baseURL ? e2eDataDir(Number(new URL(baseURL).port)) : e2eDataDir();
  return JSON.parse(readFileSync(join(dir, "env.json"), "utf8"));
}

/** Runs the operator CLI (`npm run cli -- …`) against the e2e server's database. */
function cli(...args: string[]): string {
  const res = spawnSync(process.execPath, [join(root, "server", "dist", "cli.js"), ...args], {
    env: { ...process.env, ...serverEnv() },
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`cli ${args.join(" ")} failed: ${res.stderr || res.stdout}`);
  return res.stdout;
}

export function anonKey(): string {
  const key = /anon key: (\S+)/.exec(cli("keys"))?.[1];
  if (!key) throw new Error("no anon key");
  return key;
}

let counter = 0;
/** A confirmed user created by the CLI; `role` null means no back-office role. */
export function createUser(role: "staff" | "admin" | null = "staff") {
  counter += 1;
  const email = `e2e.${role ?? "norole"}.${Date.now()}.${counter}@example.com`;
  const password = `E2e-Password-${Date.now()}-${counter}!`;
  cli("users", "create", "--email", email, "--password", password, ...(role ? ["--role", role] : []));
  return { email, password };
}

/** Signs in through the API and returns the access token. */
export async function accessTokenFor(request: APIRequestContext, user: { email: string; password: string }) {
  const res = await request.post("/auth/v1/token?grant_type=password", {
    headers: { apikey: anonKey() },
    data: user,
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).access_token as string;
}

/** The newest first-run setup link the server on `baseURL`'s port logged (its log is kept in its data dir). */
export function loggedSetupLink(baseURL: string): string | undefined {
  const log = readFileSync(join(e2eDataDir(Number(new URL(baseURL).port)), "server.log"), "utf8");
  const links = log
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => (JSON.parse(line) as { setupLink?: string }).setupLink)
    .filter((link): link is string => Boolean(link));
  return links.at(-1);
}
