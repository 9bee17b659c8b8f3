// `npm test`: installs what is missing, builds, then runs every unit, API and browser test.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildAll } from "./build.mjs";
import { ensureChromium } from "./lib/chromium.mjs";
import { ensurePostgres } from "./lib/postgres.mjs";
import { installDependencies, pnpm, root } from "./lib/toolchain.mjs";

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

const NOT_RUN = new Set(["skipped", "pending", "todo", "disabled"]);

/**
 * One line per failed test, with the first line of its first message, and per test that did not run: a
 * skipped test guarantees nothing, so it fails the run like a broken one.
 */
function failureSummary(v, p) {
  const lines = [];
  for (const file of v?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (NOT_RUN.has(t.status)) lines.push(`SKIPPED ${file.name.replace(root, "")} › ${t.fullName}`);
      if (t.status !== "failed") continue;
      const why = String(t.failureMessages?.[0] ?? "").split("\n")[0];
      lines.push(`FAILED ${file.name.replace(root, "")} › ${t.fullName}: ${why}`);
    }
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed"))
      lines.push(`FAILED ${file.name.replace(root, "")}: ${String(file.message ?? "").split("\n")[0]}`);
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

try {
  step("install", installDependencies);
  const chromium = step("browser", ensureChromium);
  // The server suites run on SQLite and on a throwaway PostgreSQL cluster (unless PG_TEST_URL names one).
  const pgBin = process.env.PG_TEST_URL ? undefined : step("postgresql", ensurePostgres);
  step("build", buildAll);
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });

  const vitestJson = join(resultsDir, "vitest.json");
  const unit = step("unit, component and API tests (vitest)", () =>
    runTool(
      ["exec", "vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
      pgBin ? { PG_BIN: pgBin } : {},
    ),
  );
  const e2eJson = join(resultsDir, "playwright.json");
  const e2e = step("browser tests (playwright)", () =>
    runTool(["--filter", "@app/web", "exec", "playwright", "test"], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
    }),
  );

  const v = readJson(vitestJson);
  const p = readJson(e2eJson);
  const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0);
  const summary = failureSummary(v, p);
  const skipped = summary.filter((line) => line.startsWith("SKIPPED")).length;
  const failed = (v?.numFailedTests ?? 0) + (p?.stats?.unexpected ?? 0) + (p?.stats?.flaky ?? 0) + skipped;
  const ok = unit === 0 && e2e === 0 && v && p && skipped === 0;
  // CI keeps only the end of the output, so the failures are repeated where it will be read.
  for (const line of summary) console.error(line);
  if (!v || !p) console.error("A test runner produced no report; counting it as failed.");
  console.log(`\n${passed} passed, ${failed + (ok ? 0 : failed === 0 ? 1 : 0)} failed`);
  process.exit(ok ? 0 : 1);
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}
