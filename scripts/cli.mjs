// `npm run cli -- <command>`: the operator CLI through npm alone. It runs the server bundle's CLI, built
// first when missing or older than the sources, so neither pnpm on the PATH nor a manual build is needed;
// a missing install and the build report on stderr, so a command's own output (a key, a list) stays clean
// on stdout.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ensureServerBundle, serverBundle } from "./lib/server-bundle.mjs";
import { installDependencies, root } from "./lib/toolchain.mjs";

const server = join(root, "server");
const toStderr = ["ignore", process.stderr, "inherit"];

try {
  if (!existsSync(join(server, "node_modules", "esbuild"))) installDependencies({ stdio: toStderr });
  ensureServerBundle({ stdio: toStderr });
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}
const res = spawnSync(
  process.execPath,
  ["--enable-source-maps", serverBundle.cli, ...process.argv.slice(2)],
  {
    cwd: server,
    stdio: "inherit",
  },
);
if (res.error) console.error(res.error.message);
process.exit(res.status ?? 1);
