// `pnpm bench`: the production build on a temporary database, driven by autocannon over loopback.
// Every figure is measured beside a baseline in the same run, so ratios hold on a noisy machine.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startThrowawayPostgres } from "../../scripts/lib/postgres.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3210);
const BASELINE_PORT = PORT + 1;
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), "sms-bench-"));
const STAFF = { email: "bench.staff@example.com", password: "Bench-Staff-Password-2026!" };

let serverEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(PORT),
  HOST: "127.0.0.1",
  DATABASE_URL: join(dir, "app.db"),
  JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-signing",
  MFA_ENCRYPTION_KEY: "bench-mfa-key-that-is-long-enough-for-aes-256",
  LOG_LEVEL: "silent",
  RATE_LIMITS: "false",
  SEED_DEMO: "true",
};

const children = new Set();
function startServer(overrides = {}) {
  const child = spawn(process.execPath, [join(root, "server", "dist", "main.js")], {
    env: { ...serverEnv, ...overrides },
    stdio: "inherit",
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}
async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}
function cleanup() {
  for (const c of children) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}
process.on("exit", cleanup);
for (const s of ["SIGINT", "SIGTERM"]) process.on(s, () => process.exit(130));

/** The bench's staff account, made with the operator CLI on whichever database serverEnv names. */
function createStaffUser() {
  const cli = join(root, "server", "dist", "cli.js");
  const args = ["users", "create", "--email", STAFF.email, "--password", STAFF.password, "--role", "staff"];
  const created = spawnSync(process.execPath, [cli, ...args], { env: serverEnv, encoding: "utf8" });
  if (created.status !== 0) throw new Error(`could not create the staff user: ${created.stderr}`);
}

async function waitForHealth(started, timeoutMs = 20_000) {
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(`${base}/health`);
      if (res.status === 200) return performance.now() - started;
    } catch {}
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error("server did not become healthy");
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: 50, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const summary = (r) => ({
  reqPerSec: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

async function json(path, init = {}) {
  const res = await fetch(`${base}${path}`, init);
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${JSON.stringify(body)}`);
  return { res, body };
}

/**
 * Refresh grant over a pool of sessions: each response's new token goes back into the pool and each
 * request takes one out, so every refresh token is presented exactly once. (autocannon clears its
 * per-connection context between requests, so the pool is shared.)
 */
async function benchRefresh(signIn, headers) {
  const pool = [];
  for (let i = 0; i < 60; i++) pool.push((await signIn()).refresh_token);
  const presented = new Set();
  let reused = 0;
  const result = summary(
    await cannon({
      url: `${base}/auth/v1/token?grant_type=refresh_token`,
      connections: 50,
      requests: [
        {
          method: "POST",
          headers,
          setupRequest: (req) => {
            const token = pool.shift();
            if (presented.has(token)) reused += 1;
            presented.add(token);
            return { ...req, body: JSON.stringify({ refresh_token: token }) };
          },
          onResponse: (status, body) => {
            if (status === 200) pool.push(JSON.parse(body).refresh_token);
          },
        },
      ],
    }),
  );
  if (reused > 0) throw new Error(`refresh bench presented ${reused} tokens twice`);
  return result;
}

async function main() {
  const results = {
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      memGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    at: new Date().toISOString(),
  };

  // Cold start: process start to first 200 on /health (database already migrated and seeded by a first run).
  const first = startServer();
  await waitForHealth(performance.now());
  await stopServer(first);
  const coldStarts = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const child = startServer();
    coldStarts.push(await waitForHealth(started));
    await stopServer(child);
  }
  coldStarts.sort((a, b) => a - b);
  results.coldStartMs = { median: Math.round(coldStarts[2]), max: Math.round(coldStarts[4]) };

  const server = startServer();
  await waitForHealth(performance.now());
  const cli = spawnSync(process.execPath, [join(root, "server", "dist", "cli.js"), "keys"], {
    env: serverEnv,
    encoding: "utf8",
  });
  const anonKey = /anon key: (\S+)/.exec(cli.stdout)?.[1];
  if (!anonKey) throw new Error(`could not read the anon key: ${cli.stderr}`);
  createStaffUser();
  const headers = { apikey: anonKey, "content-type": "application/json" };
  const signIn = () =>
    json("/auth/v1/token?grant_type=password", { method: "POST", headers, body: JSON.stringify(STAFF) }).then(
      (r) => r.body,
    );

  // 1. Events vs a bare node:http server answering the same bytes.
  const eventsPath = "/rest/v1/events?select=*&order=event_date.asc";
  const eventsRes = await fetch(`${base}${eventsPath}`, { headers: { apikey: anonKey } });
  const eventsBody = Buffer.from(await eventsRes.arrayBuffer());
  // The baseline runs in its own process, like the server, so it does not share autocannon's event loop.
  const bodyFile = join(dir, "events.json");
  writeFileSync(bodyFile, eventsBody);
  const bareScript = `const body = require("fs").readFileSync(${JSON.stringify(bodyFile)});
require("http").createServer((_q, r) => {
  r.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
  r.end(body);
}).listen(${BASELINE_PORT}, "127.0.0.1", () => process.send("ready"));`;
  const bare = spawn(process.execPath, ["-e", bareScript], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.add(bare);
  await new Promise((r) => bare.once("message", r));
  // Two interleaved rounds each, keeping each side's better one, so warm-up and drift hit both alike.
  const best = (a, b) => (a && a.reqPerSec >= b.reqPerSec ? a : b);
  let baseline;
  let events;
  for (let round = 0; round < 2; round++) {
    baseline = best(
      baseline,
      summary(await cannon({ url: `http://127.0.0.1:${BASELINE_PORT}${eventsPath}` })),
    );
    events = best(
      events,
      summary(await cannon({ url: `${base}${eventsPath}`, headers: { apikey: anonKey } })),
    );
  }
  bare.kill();
  results.events = { ...events, baseline, ratio: +(events.reqPerSec / baseline.reqPerSec).toFixed(2) };

  // 2. crm_contacts as staff with an exact count.
  const session = await signIn();
  results.crmContacts = summary(
    await cannon({
      url: `${base}/rest/v1/crm_contacts?select=*&limit=50`,
      headers: { apikey: anonKey, authorization: `Bearer ${session.access_token}`, prefer: "count=exact" },
    }),
  );

  // 3. Refresh grant (each commit fsynced: SQLITE_SYNCHRONOUS=FULL, the default).
  results.refresh = await benchRefresh(signIn, headers);

  // 4. Sign-in storm (bcrypt off the event loop) while events are read.
  const [storm, eventsDuringStorm] = await Promise.all([
    cannon({
      url: `${base}/auth/v1/token?grant_type=password`,
      connections: 8,
      method: "POST",
      headers,
      body: JSON.stringify(STAFF),
    }),
    cannon({ url: `${base}${eventsPath}`, connections: 10, headers: { apikey: anonKey } }),
  ]);
  results.signInStorm = { signIns: summary(storm), events: summary(eventsDuringStorm) };

  await stopServer(server);

  // 3b. The same refresh load with SQLITE_SYNCHRONOUS=NORMAL (WAL: survives a process crash, not power loss).
  const normal = startServer({ SQLITE_SYNCHRONOUS: "NORMAL" });
  await waitForHealth(performance.now());
  results.refreshNormalSync = await benchRefresh(signIn, headers);
  await stopServer(normal);

  // 5. The same two reads on PostgreSQL (a throwaway local cluster), beside SQLite's.
  results.postgres = await benchPostgresReads(anonKey, eventsPath);
  return results;
}

/** Events (anonymous) and crm_contacts (staff, exact count) with the server on a local PostgreSQL. */
async function benchPostgresReads(anonKey, eventsPath) {
  const pg = await startThrowawayPostgres();
  try {
    serverEnv = { ...serverEnv, DATABASE_URL: pg.url };
    const server = startServer();
    await waitForHealth(performance.now());
    createStaffUser();
    const headers = { apikey: anonKey, "content-type": "application/json" };
    const { body: session } = await json("/auth/v1/token?grant_type=password", {
      method: "POST",
      headers,
      body: JSON.stringify(STAFF),
    });
    const events = summary(await cannon({ url: `${base}${eventsPath}`, headers: { apikey: anonKey } }));
    const crmContacts = summary(
      await cannon({
        url: `${base}/rest/v1/crm_contacts?select=*&limit=50`,
        headers: { apikey: anonKey, authorization: `Bearer ${session.access_token}`, prefer: "count=exact" },
      }),
    );
    await stopServer(server);
    return { events, crmContacts };
  } finally {
    pg.stop();
  }
}

function report(r) {
  const rows = [
    [
      "GET /rest/v1/events (50 conn)",
      `${r.events.reqPerSec} req/s`,
      `${r.events.p50} ms`,
      `${r.events.p99} ms`,
      `${Math.round(r.events.ratio * 100)}% of bare node:http (${r.events.baseline.reqPerSec} req/s, p99 ${r.events.baseline.p99} ms)`,
    ],
    [
      "GET /rest/v1/crm_contacts?limit=50, count=exact",
      `${r.crmContacts.reqPerSec} req/s`,
      `${r.crmContacts.p50} ms`,
      `${r.crmContacts.p99} ms`,
      "target ≥ 2000 req/s",
    ],
    [
      "POST /auth/v1/token refresh_token",
      `${r.refresh.reqPerSec} req/s`,
      `${r.refresh.p50} ms`,
      `${r.refresh.p99} ms`,
      "target ≥ 1000 req/s",
    ],
    [
      "… same, SQLITE_SYNCHRONOUS=NORMAL",
      `${r.refreshNormalSync.reqPerSec} req/s`,
      `${r.refreshNormalSync.p50} ms`,
      `${r.refreshNormalSync.p99} ms`,
      "survives process crashes, not power loss",
    ],
    [
      "POST /auth/v1/token password (8 conn)",
      `${r.signInStorm.signIns.reqPerSec} req/s`,
      `${r.signInStorm.signIns.p50} ms`,
      `${r.signInStorm.signIns.p99} ms`,
      "bcrypt cost 12",
    ],
    [
      "GET /rest/v1/events during sign-ins (10 conn)",
      `${r.signInStorm.events.reqPerSec} req/s`,
      `${r.signInStorm.events.p50} ms`,
      `${r.signInStorm.events.p99} ms`,
      "target p99 ≤ 50 ms",
    ],
    [
      "PostgreSQL: GET /rest/v1/events (50 conn)",
      `${r.postgres.events.reqPerSec} req/s`,
      `${r.postgres.events.p50} ms`,
      `${r.postgres.events.p99} ms`,
      `${Math.round((r.postgres.events.reqPerSec / r.events.reqPerSec) * 100)}% of the SQLite figure`,
    ],
    [
      "PostgreSQL: GET /rest/v1/crm_contacts?limit=50, count=exact",
      `${r.postgres.crmContacts.reqPerSec} req/s`,
      `${r.postgres.crmContacts.p50} ms`,
      `${r.postgres.crmContacts.p99} ms`,
      `${Math.round((r.postgres.crmContacts.reqPerSec / r.crmContacts.reqPerSec) * 100)}% of the SQLite figure`,
    ],
    [
      "Cold start to first /health 200",
      "",
      `${r.coldStartMs.median} ms`,
      `max ${r.coldStartMs.max} ms`,
      "target < 1000 ms",
    ],
  ];
  console.log("\n| Scenario | Throughput | p50 | p99 | Notes |\n|---|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  const errors = [
    r.events,
    r.crmContacts,
    r.refresh,
    r.refreshNormalSync,
    r.signInStorm.signIns,
    r.signInStorm.events,
    r.postgres.events,
    r.postgres.crmContacts,
  ].reduce((n, s) => n + s.non2xx + s.errors, 0);
  console.log(`\nnon-2xx or failed requests across all scenarios: ${errors}`);
  console.log(
    `machine: ${r.machine.cpus} × ${r.machine.model}, ${r.machine.memGiB} GiB, Node ${r.machine.node}`,
  );
}

try {
  const results = await main();
  mkdirSync(join(root, "bench"), { recursive: true });
  writeFileSync(join(root, "bench", "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  report(results);
  console.log("\nwrote bench/results.json");
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  cleanup();
}
