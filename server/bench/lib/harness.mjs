// What every benchmark shares: the built server in a child process on either engine, the operator CLI,
// a throwaway PostgreSQL cluster, clean-up of every process and folder on exit, error or Ctrl-C, and
// the machine's description. The benchmarks import this; nothing here measures.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startThrowawayPostgres } from "../../../scripts/lib/postgres.mjs";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const dist = join(root, "server", "dist");

const children = new Set();
const clusters = new Set();
const folders = new Set();

/** Kills what is still running and removes what was made, once; safe to call from an exit handler. */
function cleanup() {
  for (const child of children) child.kill("SIGKILL");
  children.clear();
  for (const cluster of clusters) {
    try {
      cluster.stop();
    } catch (err) {
      console.error(`could not stop a PostgreSQL cluster: ${err.message}`);
    }
  }
  clusters.clear();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders.clear();
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => process.exit(130));

/** Runs a benchmark's main: prints the error and exits non-zero on failure, always cleans up. */
export async function runBench(main) {
  if (!existsSync(join(dist, "main.js"))) {
    console.error("server/dist is missing: run the root `pnpm bench…` script, which builds first.");
    process.exit(1);
  }
  try {
    await main();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    cleanup();
  }
}

/**
 * A free loopback port (BENCH_PORT when set): other people's servers on a shared machine must not answer
 * a benchmark's health check.
 */
export function freePort() {
  if (process.env.BENCH_PORT) return Promise.resolve(Number(process.env.BENCH_PORT));
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.add(dir);
  return dir;
}

/** A throwaway PostgreSQL cluster (scripts/lib/postgres.mjs, as the server tests use), stopped on exit. */
async function startPostgres() {
  // BENCH_PG_FSYNC=on: commits wait for the disk, as in production (the default cluster skips fsync).
  const cluster = await startThrowawayPostgres({ durable: process.env.BENCH_PG_FSYNC === "on" });
  clusters.add(cluster);
  return {
    url: cluster.url,
    stop() {
      clusters.delete(cluster);
      cluster.stop();
    },
  };
}

/** The engines a benchmark runs on: BENCH_ENGINES=sqlite,postgres (both unless told). */
export function enginesToRun() {
  const asked = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",").map((s) => s.trim());
  return ["sqlite", "postgres"].filter((e) => asked.includes(e));
}

/**
 * A database for one engine's part of a run: a SQLite file in a temporary folder, or a fresh cluster.
 * `close()` stops the cluster (the folder goes on exit).
 */
export async function openTarget(engine, dir) {
  if (engine === "sqlite") return { engine, url: join(dir, `${engine}.db`), close() {} };
  const pg = await startPostgres();
  return { engine, url: pg.url, close: () => pg.stop() };
}

export function serverEnv(port, databaseUrl, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-signing",
    MFA_ENCRYPTION_KEY: "bench-mfa-key-that-is-long-enough-for-aes-256",
    // Production's level: the access log is part of every answer's cost (its lines go to /dev/null).
    LOG_LEVEL: "info",
    RATE_LIMITS: "false",
    ...extra,
  };
}

/** The production server (server/dist/main.js) in a child process; `execArgv` e.g. --cpu-prof. */
export function startServer(env, { execArgv = [], ipc = false } = {}) {
  const stdio = ["ignore", "ignore", "inherit", ...(ipc ? ["ipc"] : [])];
  const child = spawn(process.execPath, [...execArgv, join(dist, "main.js")], { env, stdio });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** A helper script (a baseline) in its own process, so it does not share the load generator's event loop. */
export function startChild(file, env, execArgv = []) {
  const child = spawn(process.execPath, [...execArgv, file], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** The first message a child sends; rejects when it exits first. */
export function messageFrom(child) {
  return new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`${child.spawnargs.at(-1)} exited with ${code}`));
    child.once("exit", onExit);
    child.once("message", (m) => {
      child.off("exit", onExit);
      resolve(m);
    });
  });
}

export async function stopProcess(child, signal = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  await exited;
}

export async function waitForHealth(base, started = performance.now(), timeoutMs = 120_000) {
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(`${base}/health`);
      if (res.status === 200) return performance.now() - started;
    } catch {}
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error(`server at ${base} did not become healthy`);
}

/** The operator CLI (server/dist/cli.js) on the database env names. */
function cli(env, ...args) {
  const res = spawnSync(process.execPath, [join(dist, "cli.js"), ...args], { env, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`cli ${args[0]} failed: ${res.stderr || res.stdout}`);
  return res.stdout;
}

export function anonKeyOf(env) {
  const key = /anon key: (\S+)/.exec(cli(env, "keys"))?.[1];
  if (!key) throw new Error("could not read the anon key");
  return key;
}

export const STAFF = { email: "bench.staff@example.com", password: "Bench-Staff-Password-2026!" };

/** The administrator some scenarios need (company settings are theirs to write). */
export const ADMIN = { email: "bench.admin@example.com", password: "Bench-Admin-Password-2026!" };

export function createStaff(env, who = STAFF, role = "staff") {
  cli(env, "users", "create", "--email", who.email, "--password", who.password, "--role", role);
}

export async function signIn(base, anonKey, who = STAFF) {
  const res = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: anonKey, "content-type": "application/json" },
    body: JSON.stringify(who),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The server's resident set size in MiB, read from /proc (Linux), or null elsewhere. */
export function rssMiB(pid) {
  const res = spawnSync("cat", [`/proc/${pid}/status`], { encoding: "utf8" });
  const kb = /VmRSS:\s+(\d+) kB/.exec(res.stdout ?? "")?.[1];
  return kb ? +(Number(kb) / 1024).toFixed(1) : null;
}

export function machine() {
  return {
    cpus: cpus().length,
    model: cpus()[0]?.model?.trim(),
    memGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

export const describeMachine = (m) => `${m.cpus} × ${m.model}, ${m.memGiB} GiB, Node ${m.node}`;

/** A Markdown table, columns padded so it reads in a terminal too. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((r) => r.map((c) => String(c ?? "")));
  const widths = header.map((_, i) => Math.max(3, ...all.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(line(all[0]));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of all.slice(1)) console.log(line(r));
}

/** p-th percentile (0–100) of sorted numbers, nearest rank. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
