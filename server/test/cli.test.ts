import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serverBundle } from "../../scripts/lib/server-bundle.mjs";
import { createTestContext, TEST_MFA_KEY, TEST_SECRET, type TestContext } from "./helpers";
import { PROCESS_TEST_TIMEOUT } from "./support/server-process";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext({ seed: false });
});
afterEach(() => ctx.close());

const serverDir = join(import.meta.dirname, "..");

/**
 * Runs the CLI (the bundle `npm run cli` runs) in its own process, as an operator would, on the test's
 * database (either engine), with `input` piped on its standard input.
 */
function cli(args: string[], input: string) {
  return spawnSync(process.execPath, [serverBundle.cli, ...args], {
    cwd: serverDir,
    input,
    encoding: "utf8",
    timeout: 90_000,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: ctx.databaseUrl,
      DATA_DIR: ctx.dir,
      JWT_SECRET: TEST_SECRET,
      MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
      BCRYPT_COST: "4",
      LOG_LEVEL: "silent",
    },
  });
}

/** Signs in through the running app, which shares the CLI's database. */
function signIn(email: string, password: string) {
  return request(ctx.app)
    .post("/auth/v1/token?grant_type=password")
    .set("apikey", ctx.anonKey)
    .send({ email, password });
}

describe("pnpm cli users create", { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it("reads the password from the first line of standard input when --password is absent", async () => {
    const password = "a piped and rather long pass phrase";
    const run = cli(
      ["users", "create", "--email", "piped@example.com", "--role", "staff"],
      `${password}\nignored\n`,
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("Created confirmed user piped@example.com");
    expect(run.stdout).not.toContain(password);
    const res = await signIn("piped@example.com", password);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.app_metadata.role).toBe("staff");
  });

  it("fails at once with a clear message when standard input is empty", () => {
    const run = cli(["users", "create", "--email", "nobody@example.com", "--role", "staff"], "");
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("no password: pass --password");
  });
});

describe("npm run cli, with npm alone", { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it("runs a command with no pnpm on the PATH, its output clean on stdout", async () => {
    const created = cli(
      ["users", "create", "--email", "npm.only@example.com", "--role", "staff"],
      "a long enough pass phrase\n",
    );
    expect(created.status, created.stderr).toBe(0);
    const repoRoot = join(serverDir, "..");
    // Only the directory holding node and npm (and /bin for npm's shell): no pnpm anywhere on it.
    const path = [dirname(process.execPath), "/bin"].join(":");
    expect(spawnSync("sh", ["-c", "command -v pnpm"], { env: { PATH: path } }).status).not.toBe(0);
    const run = spawnSync("npm", ["run", "--silent", "cli", "--", "users", "list"], {
      cwd: repoRoot,
      encoding: "utf8",
      timeout: 60_000,
      env: {
        PATH: path,
        HOME: process.env.HOME ?? "/root",
        NODE_ENV: "test",
        DATABASE_URL: ctx.databaseUrl,
        DATA_DIR: ctx.dir,
        JWT_SECRET: TEST_SECRET,
        MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
        LOG_LEVEL: "silent",
      },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("npm.only@example.com");
    expect(run.stdout).not.toMatch(/pnpm|> /);
  });
});

describe("npm run db:new-migration", { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it("refuses a name that is not a verb and a noun in lower case, and writes nothing", () => {
    const migrations = join(serverDir, "src", "db", "migrations");
    const before = readdirSync(migrations);
    const run = cli(["db", "new-migration", "2027_01_04_AddThing"], "");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("lower-case words joined by underscores, no date");
    expect(readdirSync(migrations)).toEqual(before);
  });
});

describe("pnpm cli keys", { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it("prints the anon key and, on the line under it, the service_role key the admin API takes", async () => {
    const run = cli(["keys"], "");
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toBe(`anon key: ${ctx.anonKey}`);
    expect(lines[1]).toMatch(/^service_role key: [\w-]+\.[\w-]+\.[\w-]+$/);
    const serviceRoleKey = (lines[1] ?? "").slice("service_role key: ".length);
    expect(serviceRoleKey).toBe(ctx.serviceRoleKey);
    const admin = await request(ctx.app)
      .get("/auth/v1/admin/users")
      .set({ apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` });
    expect(admin.status).toBe(200);
    const anon = await request(ctx.app)
      .get("/auth/v1/admin/users")
      .set({ apikey: ctx.anonKey, authorization: `Bearer ${ctx.anonKey}` });
    expect(anon.status).toBe(403);
  });
});

describe("pnpm cli auth keys", { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it("adds a standby key the running app publishes, promotes it, and refuses to retire the key that signs", async () => {
    const added = cli(["auth", "keys", "add"], "");
    expect(added.status, added.stderr).toBe(0);
    const kid = /key ([0-9a-f-]{36})/.exec(added.stdout)?.[1];
    expect(added.stdout).toContain("Added standby ES256 key");

    const promoted = cli(["auth", "keys", "promote", "--kid", String(kid)], "");
    expect(promoted.status, promoted.stderr).toBe(0);
    const retire = cli(["auth", "keys", "retire", "--kid", String(kid)], "");
    expect(retire.status).toBe(1);
    expect(retire.stderr).toContain("is the current signing key; promote another key first");

    // The running app picks the key up at its next re-read, without a restart.
    ctx.clock.advance(ctx.config.JWT_KEYS_REFRESH_SECONDS);
    const jwks = await request(ctx.app).get("/auth/v1/.well-known/jwks.json");
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toEqual([kid]);
    const sealed = await ctx.db
      .selectFrom("auth_signing_keys")
      .select("private_key_sealed")
      .executeTakeFirstOrThrow();
    expect(sealed.private_key_sealed).not.toContain("PRIVATE KEY");
  });
});
