// `pnpm bench:soak`: two minutes of mixed traffic at a steady rate. Passes when nothing failed and the
// server's heap after a full GC ends no more than 10% above where it started (after warm-up).
import { fork, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.SOAK_SECONDS ?? 120);
const RATE = Number(process.env.SOAK_RATE ?? 200); // requests per second, all scenarios together
const dir = mkdtempSync(join(tmpdir(), "sms-soak-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: process.env.SOAK_PORT ?? "3230",
  HOST: "127.0.0.1",
  DATABASE_URL: join(dir, "app.db"),
  JWT_SECRET: "soak-secret-that-is-long-enough-for-hs256-signing",
  MFA_ENCRYPTION_KEY: "soak-mfa-key-that-is-long-enough-for-aes-256",
  LOG_LEVEL: "silent",
  RATE_LIMITS: "false",
  BCRYPT_COST: "8",
};
const STAFF = { email: "soak.staff@example.com", password: "Soak-Staff-Password-2026!" };

const child = fork(join(here, "soak-server.ts"), { env, execArgv: ["--expose-gc", "--import", "tsx"] });
const cleanup = () => {
  child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
};
process.on("exit", cleanup);

const next = (type) =>
  new Promise((resolve) =>
    child.on("message", function on(m) {
      if (m.type === type) {
        child.off("message", on);
        resolve(m);
      }
    }),
  );
const heap = async () => {
  child.send({ type: "heap" });
  return (await next("heap")).heapUsed;
};

const { url } = await next("ready");
const cli = (...args) =>
  spawnSync(process.execPath, ["--import", "tsx", join(here, "..", "src", "cli.ts"), ...args], {
    env,
    encoding: "utf8",
  });
const anonKey = /anon key: (\S+)/.exec(cli("keys").stdout)?.[1];
if (
  cli("users", "create", "--email", STAFF.email, "--password", STAFF.password, "--role", "staff").status !== 0
)
  throw new Error("could not create the staff user");
const headers = { apikey: anonKey, "content-type": "application/json" };
const signIn = async () =>
  await (
    await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers,
      body: JSON.stringify(STAFF),
    })
  ).json();
const staff = await signIn();

const scenarios = (duration, rate) =>
  [
    {
      url: `${url}/rest/v1/events?select=*&order=event_date.asc`,
      headers: { apikey: anonKey },
      overallRate: Math.round(rate * 0.5),
    },
    {
      url: `${url}/rest/v1/crm_contacts?limit=50`,
      headers: { apikey: anonKey, authorization: `Bearer ${staff.access_token}`, prefer: "count=exact" },
      overallRate: Math.round(rate * 0.3),
    },
    {
      url: `${url}/rest/v1/contact_messages`,
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "Soak",
        email: "soak@example.com",
        subject: "Soak",
        message: "steady traffic",
      }),
      overallRate: Math.round(rate * 0.1),
    },
    {
      url: `${url}/auth/v1/token?grant_type=password`,
      method: "POST",
      headers,
      body: JSON.stringify(STAFF),
      overallRate: Math.max(1, Math.round(rate * 0.02)),
      connections: 2,
    },
    { url: `${url}/health`, overallRate: Math.round(rate * 0.08) },
  ].map((s) => ({ connections: 4, duration, ...s }));

const run = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));

// Warm-up, then the baseline heap.
await Promise.all(scenarios(10, RATE).map(run));
const startHeap = await heap();
const results = await Promise.all(scenarios(DURATION, RATE).map(run));
const endHeap = await heap();

const failures = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
const total = results.reduce((n, r) => n + r.requests.total, 0);
const growth = (endHeap - startHeap) / startHeap;
console.log(`requests: ${total}, failures: ${failures}`);
console.log(
  `heap after GC: start ${(startHeap / 2 ** 20).toFixed(1)} MiB, end ${(endHeap / 2 ** 20).toFixed(1)} MiB (${(growth * 100).toFixed(1)}%)`,
);
child.send({ type: "stop" });
const ok = failures === 0 && growth <= 0.1;
console.log(ok ? "soak passed" : "soak FAILED");
process.exit(ok ? 0 : 1);
