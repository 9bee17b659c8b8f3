import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_MFA_KEY, TEST_SECRET, type TestContext } from "./helpers";
import { PROCESS_TEST_TIMEOUT } from "./support/server-process";

let ctx: TestContext;
const email = "cli.person@example.se";
const password = "the cli person's pass phrase";
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMITS: "false" } });
  await ctx.createUser({ email, password });
  const sent = await request(ctx.app)
    .post("/rest/v1/contact_messages")
    .set("apikey", ctx.anonKey)
    .send({ name: "Cli Person", email, subject: "Hi", message: "Hello" });
  expect(sent.status).toBe(201);
});
afterAll(() => ctx.close());

/** `npm run cli -- …` from the repository root, with only node and npm on the PATH, stdin a pipe. */
function npmCli(args: string[]) {
  return spawnSync("npm", ["run", "--silent", "cli", "--", ...args], {
    cwd: join(import.meta.dirname, "..", ".."),
    input: "",
    encoding: "utf8",
    timeout: 60_000,
    env: {
      PATH: [dirname(process.execPath), "/bin"].join(":"),
      HOME: process.env.HOME ?? "/root",
      NODE_ENV: "test",
      DATABASE_URL: ctx.databaseUrl,
      DATA_DIR: ctx.dir,
      STORAGE_DIR: ctx.config.STORAGE_DIR,
      JWT_SECRET: TEST_SECRET,
      MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
      LOG_LEVEL: "silent",
    },
  });
}

const signIn = () =>
  request(ctx.app)
    .post("/auth/v1/token?grant_type=password")
    .set("apikey", ctx.anonKey)
    .send({ email, password });

describe("npm run cli -- gdpr", { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it("exports an address to a file only the operator can read", () => {
    const out = join(ctx.dir, "export.json");
    const run = npmCli(["gdpr", "export", "--email", "CLI.Person@example.se", "--out", out]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Wrote ${out}`);
    const file = JSON.parse(readFileSync(out, "utf8"));
    expect(file).toMatchObject({ found: true, data: { auth_user: { email } } });
    expect(file.data.contact_messages).toHaveLength(1);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it("will not erase without --yes when standard input is not a terminal, and waits for nothing", async () => {
    const run = npmCli(["gdpr", "erase", "--email", email]);
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("pass --yes");
    expect((await signIn()).status).toBe(200);
  });

  it("erases with --yes and prints what changed per table", async () => {
    const run = npmCli(["gdpr", "erase", "--email", email, "--yes"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Erased the personal data of ${email}`);
    expect(run.stdout).toMatch(/users\s+1/);
    expect(run.stdout).toMatch(/contact_messages\s+1/);
    const again = npmCli(["gdpr", "erase", "--email", email, "--yes"]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain("nothing changed");
    // (Checked last: a refused sign-in is itself logged with the address it tried.)
    expect((await signIn()).status).toBe(400);
  });
});
