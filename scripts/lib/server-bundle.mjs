// The server bundle (server/dist), built by server/build.mjs: what `npm start`, the operator CLI and the
// tests' server processes run. Rebuilt here whenever a file it is made from is newer than it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { root } from "./toolchain.mjs";

const server = join(root, "server");
export const serverBundle = { main: join(server, "dist", "main.js"), cli: join(server, "dist", "cli.js") };

/** The sources the bundle is made from: the server's, the contracts' it inlines, and what pins the rest. */
const INPUT_DIRS = [join(server, "src"), join(root, "contracts", "src")];
const INPUT_FILES = [
  join(server, "build.mjs"),
  join(server, "package.json"),
  join(root, "contracts", "package.json"),
  join(root, "pnpm-lock.yaml"),
];

function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** True when the bundle is missing or older than any file it is made from. */
function serverBundleStale() {
  if (!existsSync(serverBundle.main) || !existsSync(serverBundle.cli)) return true;
  const built = Math.min(statSync(serverBundle.main).mtimeMs, statSync(serverBundle.cli).mtimeMs);
  const newest = Math.max(
    ...INPUT_DIRS.map(newestIn),
    ...INPUT_FILES.filter((f) => existsSync(f)).map((f) => statSync(f).mtimeMs),
  );
  return newest > built;
}

/** Builds the bundle unless it is up to date (esbuild: a second or two); its output goes to `stdio`. */
export function ensureServerBundle({ stdio = "inherit" } = {}) {
  if (!serverBundleStale()) return;
  const res = spawnSync(process.execPath, ["build.mjs"], { cwd: server, stdio });
  if (res.error) throw res.error;
  if (res.status !== 0) {
    const err = new Error(
      `building the server bundle (server/build.mjs) exited with ${res.status ?? res.signal}`,
    );
    err.exitCode = res.status ?? 1;
    throw err;
  }
}
