// `npm start`: install, build, then serve the whole product on one port (migrations and demo seed run at start).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { buildAll } from "./build.mjs";
import { installDependencies, root } from "./lib/toolchain.mjs";

try {
  installDependencies();
  buildAll();
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}

/** What the caller set, in the environment or in the root .env (the environment wins, as for the server). */
function callerSetting(name) {
  const file = join(root, ".env");
  const dotEnv = existsSync(file) ? parseEnv(readFileSync(file, "utf8")) : {};
  return process.env[name] || dotEnv[name] || undefined;
}

// The local demo reads its mail at /api/dev/mail, so the outbox is switched on here, unless the caller asked
// for production or decided about DEV_MAIL_UI themselves. The server opens it to this machine only.
const env = { ...process.env };
if (callerSetting("NODE_ENV") !== "production" && callerSetting("DEV_MAIL_UI") === undefined) {
  env.DEV_MAIL_UI = "true";
}

const child = spawn(process.execPath, ["--enable-source-maps", join(root, "server", "dist", "main.js")], {
  cwd: root,
  stdio: "inherit",
  // NODE_ENV stays as the caller set it (development by default: generated secrets and the dev mail
  // outbox, so sign-up works locally without SMTP). Deployments set NODE_ENV=production, JWT_SECRET and
  // MFA_ENCRYPTION_KEY.
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
