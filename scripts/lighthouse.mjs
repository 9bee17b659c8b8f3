// `pnpm lighthouse`: builds, starts the production server on a free loopback port with a fresh database,
// and audits the public pages, the sign-in page and a signed-in /app with Lighthouse (mobile and desktop
// presets) in Debian's Chromium. Prints a table and writes bench/lighthouse.json. `--skip-build` reuses
// the current build. Everything it starts, it stops.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { buildAll } from "./build.mjs";
import { root } from "./lib/toolchain.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
/** LIGHTHOUSE_PAGES=/app,/auth audits those alone. */
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? "/,/about,/contact,/auth,/app")
  .split(",")
  .map((p) => p.trim());
/** Each page is audited this many times (a score moves a few points between runs): every run is reported. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const SIGNED_IN = new Set(["/app"]);
const PRESETS = { mobile: undefined, desktop: desktopConfig };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
// The auth client's localStorage key (packages/auth-client/src/constants.ts).
const SESSION_KEY = "app-auth-token";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin, child) {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /health within 30 s");
}

/** A confirmed staff user made with the CLI, signed in through the API as the web app would. */
async function staffSession(origin, env) {
  const email = "lighthouse@example.com";
  const password = randomBytes(18).toString("base64url");
  const created = spawnSync(
    process.execPath,
    [
      join(root, "server", "dist", "cli.js"),
      "users",
      "create",
      "--email",
      email,
      "--role",
      "staff",
      "--password",
      password,
    ],
    { cwd: root, env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  if (created.status !== 0) throw new Error(`could not create the staff user: ${created.stderr}`);
  const { anon_key: anonKey } = await (await fetch(`${origin}/api/config`)).json();
  const res = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: anonKey, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed with HTTP ${res.status}`);
  return res.json();
}

/**
 * Puts the session where the auth client reads it, from a same-origin page that loads no app code
 * (robots.txt), with an empty HTTP cache: the audit that follows keeps storage but still starts cold.
 */
async function seedSession(page, origin, session) {
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(
    (key, value) => window.localStorage.setItem(key, value),
    SESSION_KEY,
    JSON.stringify(session),
  );
}

/** Lighthouse's storage reset leaves localStorage alone: sign out before the next page is audited. */
async function clearSession(page, origin) {
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate((key) => window.localStorage.removeItem(key), SESSION_KEY);
}

/** The longest path through Lighthouse's critical request chains, as the URLs' paths. */
function longestChain(chains) {
  let best = [];
  for (const node of Object.values(chains)) {
    const rest = longestChain(node.children ?? {});
    const path = [new URL(node.request.url).pathname, ...rest];
    if (path.length > best.length) best = path;
  }
  return best;
}

function summarise(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode) &&
        !a.id.endsWith("-insight"),
    )
    .map((a) => ({ id: a.id, score: a.score, displayValue: a.displayValue ?? "" }));
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: Number(audit("cumulative-layout-shift").toFixed(3)),
    fcpMs: Math.round(audit("first-contentful-paint")),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    // What the largest paint was, and the longest chain of requests before it: where a slow LCP waits.
    lcpElement:
      lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    criticalChain: longestChain(lhr.audits["critical-request-chains"]?.details?.chains ?? {}),
    failing,
  };
}

function printTable(rows) {
  const header = ["page", "preset", "run", "perf", "a11y", "best", "seo", "LCP", "TBT", "CLS"];
  const lines = rows.map((r) => [
    r.page,
    r.preset,
    r.run,
    r.performance,
    r.accessibility,
    r.bestPractices,
    r.seo,
    `${(r.lcpMs / 1000).toFixed(1)} s`,
    `${r.tbtMs} ms`,
    r.cls.toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const fmt = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const l of lines) console.log(fmt(l));
}

async function main() {
  const started = Date.now();
  if (!process.argv.includes("--skip-build")) buildAll();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const env = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: origin,
    DATABASE_URL: join(dataDir, "app.db"),
    JWT_SECRET: randomBytes(32).toString("hex"),
    MFA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    LOG_LEVEL: "warn",
  };
  let server;
  let browser;
  const stop = async () => {
    await browser?.close().catch(() => {});
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"])
    process.once(signal, () => stop().then(() => process.exit(130)));

  try {
    server = spawn(process.execPath, [join(root, "server", "dist", "main.js")], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitForHealth(origin, server);
    const session = await staffSession(origin, env);
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith("--headless")),
      defaultViewport: null,
    });

    const rows = [];
    for (const [preset, config] of Object.entries(PRESETS)) {
      for (const path of PAGES)
        for (let run = 1; run <= RUNS; run++) {
          const page = await browser.newPage();
          const signedIn = SIGNED_IN.has(path);
          if (signedIn) await seedSession(page, origin, session);
          const result = await lighthouse(
            `${origin}${path}`,
            { output: "json", logLevel: "error", onlyCategories: CATEGORIES, disableStorageReset: signedIn },
            config,
            page,
          );
          if (signedIn) await clearSession(page, origin);
          await page.close();
          if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
          // LIGHTHOUSE_KEEP=<folder>: each run's whole report, to see where a slow paint waits.
          if (process.env.LIGHTHOUSE_KEEP)
            writeFileSync(
              join(process.env.LIGHTHOUSE_KEEP, `${preset}${path.replaceAll("/", "_")}-${run}.json`),
              JSON.stringify(result.lhr),
            );
          const row = {
            page: signedIn ? `${path} (signed in)` : path,
            preset,
            run,
            ...summarise(result.lhr),
          };
          if (result.lhr.finalDisplayedUrl !== `${origin}${path}`)
            row.note = `ended at ${result.lhr.finalDisplayedUrl}`;
          rows.push(row);
          console.log(`  ${preset} ${row.page} run ${run}: performance ${row.performance}`);
        }
    }
    console.log("");
    printTable(rows);
    const seconds = Math.round((Date.now() - started) / 1000);
    const report = {
      date: new Date().toISOString(),
      lighthouse: createRequire(import.meta.url)("lighthouse/package.json").version,
      chromium: spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" }).stdout.trim(),
      node: process.version,
      seconds,
      rows,
    };
    mkdirSync(join(root, "bench"), { recursive: true });
    writeFileSync(join(root, "bench", "lighthouse.json"), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote bench/lighthouse.json (${seconds} s)`);
    for (const row of rows) {
      for (const failing of row.failing)
        console.log(
          `  ${row.preset} ${row.page} run ${row.run}: ${failing.id} ${failing.score} ${failing.displayValue}`,
        );
      if (row.note) console.log(`  ${row.preset} ${row.page}: ${row.note}`);
    }
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
