// The real single-process server on a fresh database, for the browser tests. Its environment is written
// to <data dir>/env.json so tests can run the CLI against the same database (web/e2e/support/server.ts).
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { e2eDataDir, e2ePort } from "./lib/e2e-env.mjs";
import { root } from "./lib/toolchain.mjs";

const dir = e2eDataDir();
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const port = e2ePort();
const env = {
  NODE_ENV: "development",
  PORT: String(port),
  HOST: "127.0.0.1",
  SITE_URL: `http://localhost:${port}`,
  DATABASE_URL: join(dir, "app.db"),
  JWT_SECRET: "e2e-secret-that-is-long-enough-for-hs256-signing",
  LOG_LEVEL: "warn",
  BCRYPT_COST: "4",
  RATE_LIMITS: "false",
  // The browser tests read confirmation and magic links from the outbox (from this machine).
  DEV_MAIL_UI: "true",
  ...JSON.parse(process.env.E2E_SERVER_ENV ?? "{}"),
};
writeFileSync(join(dir, "env.json"), JSON.stringify(env, null, 2));
const child = spawn(process.execPath, [join(root, "server", "dist", "main.js")], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, ...env },
});
// The log is also kept in the data dir: a test reads what an operator would (the first-run setup link).
const log = createWriteStream(join(dir, "server.log"));
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
