// `npm test`: installs what is missing, builds, then runs every unit, API and browser test: the server
// suites on SQLite on Node 24 and on PostgreSQL on Node 20, everything else on Node 20. `--node24-only`
// runs the Node 24 pass alone.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildAll } from "./build.mjs";
import { ensureChromium } from "./lib/chromium.mjs";
import { ensureNode24, node24, startNode24Pass } from "./lib/node24.mjs";
import { ensurePostgres } from "./lib/postgres.mjs";
import { installDependencies, pnpm, root } from "./lib/toolchain.mjs";
import { reportVitestPass, startVitestPass } from "./lib/vitest-pass.mjs";

const resultsDir = join(root, "test-results");

function step(name, fn) {
  console.log(`\n=== ${name}`);
  return fn();
}

function runTool(args, env = {}) {
  const res = spawnSync(pnpm(), args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
}

/**
 * For both vitest runs: a deprecation throws (inherited by every Node the suites start), so it fails its
 * test instead of scrolling by as a warning.
 */
const throwDeprecation = {
  NODE_OPTIONS: [process.env.NODE_OPTIONS, "--throw-deprecation"].filter(Boolean).join(" "),
};

const POSTGRES_PROJECT = "server (postgres)";
const NODE24_TITLE = `server tests on SQLite (vitest, Node ${node24.version})`;

const NOT_RUN = new Set(["skipped", "pending", "todo", "disabled"]);

/**
 * One line per failed test, with the first line of its first message, and per test that did not run: a
 * skipped test guarantees nothing, so it fails the run like a broken one. Each vitest line names the Node
 * it failed on.
 */
function failureSummary(vitestRuns, p) {
  const lines = [];
  for (const { report, node } of vitestRuns) {
    for (const file of report?.testResults ?? []) {
      const name = `(Node ${node}) ${file.name.replace(root, "")}`;
      for (const t of file.assertionResults ?? []) {
        if (NOT_RUN.has(t.status)) lines.push(`SKIPPED ${name} › ${t.fullName}`);
        if (t.status !== "failed") continue;
        const why = String(t.failureMessages?.[0] ?? "").split("\n")[0];
        lines.push(`FAILED ${name} › ${t.fullName}: ${why}`);
      }
      if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed"))
        lines.push(`FAILED ${name}: ${String(file.message ?? "").split("\n")[0]}`);
    }
  }
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected" || test.status === "flaky" || test.status === "skipped")
          lines.push(
            `${test.status === "skipped" ? "SKIPPED" : "FAILED"} ${[...trail, spec.title].join(" › ")} (${test.status})`,
          );
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of p?.suites ?? []) walk(suite, [suite.title]);
  return lines;
}

/** Ends the run: the failures again where CI reads them (the end), then `N passed, N failed`. */
function finish(vitestRuns, p, exitCodes) {
  const reports = [...vitestRuns.map((run) => run.report), ...(p === null ? [] : [p])];
  const passed =
    vitestRuns.reduce((n, run) => n + (run.report?.numPassedTests ?? 0), 0) + (p?.stats?.expected ?? 0);
  const summary = failureSummary(vitestRuns, p);
  const skipped = summary.filter((line) => line.startsWith("SKIPPED")).length;
  const failed =
    vitestRuns.reduce((n, run) => n + (run.report?.numFailedTests ?? 0), 0) +
    (p?.stats?.unexpected ?? 0) +
    (p?.stats?.flaky ?? 0) +
    skipped;
  const ok = exitCodes.every((code) => code === 0) && reports.every(Boolean) && skipped === 0;
  for (const line of summary) console.error(line);
  if (!reports.every(Boolean)) console.error("A test runner produced no report; counting it as failed.");
  console.log(`\n${passed} passed, ${failed + (ok ? 0 : failed === 0 ? 1 : 0)} failed`);
  process.exit(ok ? 0 : 1);
}

async function main() {
  step("install", installDependencies);
  step(`Node ${node24.version}`, ensureNode24);
  const node24Only = process.argv.includes("--node24-only");
  const chromium = node24Only ? undefined : step("browser", ensureChromium);
  // The server suites run on SQLite and on a throwaway PostgreSQL cluster (unless PG_TEST_URL names one).
  const pgBin = node24Only || process.env.PG_TEST_URL ? undefined : step("postgresql", ensurePostgres);
  step("build", buildAll);
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });

  const node24Json = join(resultsDir, "vitest-node24.json");
  const node24Log = join(resultsDir, "vitest-node24.log");
  if (node24Only) {
    const startedAt = Date.now();
    const status = await startNode24Pass({ json: node24Json, log: node24Log, env: throwDeprecation });
    reportVitestPass(NODE24_TITLE, status, node24Log, startedAt);
    return finish([{ report: readJson(node24Json), node: node24.version }], null, [status]);
  }

  // vitest runs its projects one after another, so the server suites run in vitests of their own beside
  // the rest: on SQLite on Node 24 and on PostgreSQL on Node 20. The browser tests then have the machine.
  const postgresJson = join(resultsDir, "vitest-postgres.json");
  const postgresLog = join(resultsDir, "vitest-postgres.log");
  const serverStartedAt = Date.now();
  // The PostgreSQL run is the longest (each file clones a database, and the cluster's own work comes on
  // top): two workers let it take the core the others leave when they end.
  const postgresPass = startVitestPass({
    projects: [POSTGRES_PROJECT],
    workers: 2,
    json: postgresJson,
    log: postgresLog,
    env: pgBin ? { ...throwDeprecation, PG_BIN: pgBin } : throwDeprecation,
  });
  const node24Pass = startNode24Pass({ json: node24Json, log: node24Log, env: throwDeprecation });
  const vitestJson = join(resultsDir, "vitest.json");
  const unit = step(
    `unit, component and SQLite driver tests (vitest, Node ${process.versions.node}), with the server suites beside them`,
    () =>
      runTool(
        [
          "exec",
          "vitest",
          "run",
          // Both server projects ("server (sqlite)", "server (postgres)"): vitest joins several --project
          // filters as alternatives, so two negations would let each other's project back in.
          "--project",
          "!server (*)",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${vitestJson}`,
        ],
        throwDeprecation,
      ),
  );
  const node24Status = await node24Pass;
  reportVitestPass(NODE24_TITLE, node24Status, node24Log, serverStartedAt);
  const postgresStatus = await postgresPass;
  reportVitestPass(
    `server tests on PostgreSQL (vitest, Node ${process.versions.node})`,
    postgresStatus,
    postgresLog,
    serverStartedAt,
  );
  const e2eJson = join(resultsDir, "playwright.json");
  const e2e = step("browser tests (playwright)", () =>
    runTool(["--filter", "@app/web", "exec", "playwright", "test"], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
    }),
  );

  const vitestRuns = [
    { report: readJson(vitestJson), node: process.versions.node },
    { report: readJson(postgresJson), node: process.versions.node },
    { report: readJson(node24Json), node: node24.version },
  ];
  finish(vitestRuns, readJson(e2eJson), [unit, postgresStatus, e2e, node24Status]);
}

main().catch((err) => {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
});
