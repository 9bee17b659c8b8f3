// The real single-process server on a fresh temporary database, for the browser tests.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./lib/toolchain.mjs";

const dir = mkdtempSync(join(tmpdir(), "sms-e2e-"));
const port = process.env.E2E_PORT ?? "3100";
const child = spawn(process.execPath, [join(root, "server", "dist", "main.js")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "development",
    PORT: port,
    HOST: "127.0.0.1",
    SITE_URL: `http://localhost:${port}`,
    DATABASE_URL: join(dir, "app.db"),
    JWT_SECRET: "e2e-secret-that-is-long-enough-for-hs256-signing",
    LOG_LEVEL: "warn",
    BCRYPT_COST: "4",
    RATE_LIMITS: "false",
    ...JSON.parse(process.env.E2E_SERVER_ENV ?? "{}"),
  },
});
const stop = (signal) => child.kill(signal);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
child.on("exit", (code) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
