// `npm start`: install, build, then serve the whole product on one port (migrations and demo seed run at start).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildAll } from "./build.mjs";
import { installDependencies, root } from "./lib/toolchain.mjs";

try {
  installDependencies();
  buildAll();
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}

const child = spawn(process.execPath, ["--enable-source-maps", join(root, "server", "dist", "main.js")], {
  cwd: root,
  stdio: "inherit",
  // NODE_ENV stays as the caller set it (development by default: generated secrets and the dev mail
  // outbox, so sign-up works locally without SMTP). Deployments set NODE_ENV=production, JWT_SECRET and
  // MFA_ENCRYPTION_KEY.
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
