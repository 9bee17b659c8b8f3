import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { openDatabase } from "../src/db/database";
import { createTokenSigner } from "../src/modules/auth/jwt";
import { TEST_SECRET, testConfig } from "./helpers";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sms-cli-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const serverDir = join(import.meta.dirname, "..");

/** Runs the CLI in its own process, as an operator would, with `input` piped on its standard input. */
function cli(args: string[], input: string) {
  return spawnSync(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], {
    cwd: serverDir,
    input,
    encoding: "utf8",
    timeout: 30_000,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: join(dir, "app.db"),
      JWT_SECRET: TEST_SECRET,
      BCRYPT_COST: "4",
      LOG_LEVEL: "silent",
    },
  });
}

async function signIn(email: string, password: string) {
  const config = testConfig(dir);
  const db = openDatabase({ path: config.DATABASE_PATH });
  try {
    const app = createApp({ config, db, logger: pino({ level: "silent" }) });
    return await request(app)
      .post("/auth/v1/token?grant_type=password")
      .set("apikey", createTokenSigner(config.JWT_SECRET).anonKey)
      .send({ email, password });
  } finally {
    db.close();
  }
}

describe("pnpm cli users create", () => {
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
