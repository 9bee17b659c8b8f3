// `pnpm bench:soak`: two minutes (SOAK_SECONDS) of mixed traffic at a steady rate on each engine, with
// SOAK_SOCKETS realtime sockets held and heartbeating throughout (a dropped one counts as failed). Passes
// when nothing failed, the server's heap after a full GC ends within 10 % of where it started (after
// warm-up), and its RSS at idle after the soak within 20 % of its RSS once started. Prints a table, writes
// bench/soak.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  anonKeyOf,
  createStaff,
  describeMachine,
  enginesToRun,
  freePort,
  machine,
  messageFrom,
  openTarget,
  printTable,
  root,
  runBench,
  STAFF,
  serverEnv,
  signIn,
  startChild,
  stopProcess,
  tempDir,
} from "./lib/harness.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.SOAK_SECONDS ?? 120);
const RATE = Number(process.env.SOAK_RATE ?? 200); // requests per second, all scenarios together
/** Idle time after the soak before the last RSS reading: timers and pools settle. */
const IDLE_MS = 5000;
const LIMITS = { heap: 0.1, rss: 0.2 };
/** Realtime sockets held, heartbeating, through the whole soak (their memory is reported per socket). */
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 500);

const scenarios = (url, anonKey, staff, duration, rate) =>
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
      headers: { apikey: anonKey, "content-type": "application/json" },
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
      headers: { apikey: anonKey, "content-type": "application/json" },
      body: JSON.stringify(STAFF),
      overallRate: Math.max(1, Math.round(rate * 0.02)),
      connections: 2,
    },
    { url: `${url}/health`, overallRate: Math.round(rate * 0.08) },
  ].map((s) => ({ connections: 4, duration, ...s }));

const run = (opts) =>
  new Promise((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));

async function soak(engine, dir) {
  const target = await openTarget(engine, dir);
  try {
    const port = await freePort();
    const env = serverEnv(port, target.url, { BCRYPT_COST: "8" });
    const child = startChild(join(here, "soak-server.ts"), env, ["--expose-gc", "--import", "tsx"]);
    const { url } = await messageFrom(child);
    const memory = async () => {
      child.send({ type: "heap" });
      const m = await messageFrom(child);
      return { heap: m.heapUsed / 2 ** 20, rss: m.rss / 2 ** 20 };
    };
    createStaff(env);
    const anonKey = anonKeyOf(env);
    const staff = await signIn(url, anonKey);
    const started = await memory();
    await Promise.all(scenarios(url, anonKey, staff, 10, RATE).map(run));
    const beforeSockets = await memory();
    // Held from before the warm reading to after the end one, so a socket's cost is in both and the
    // heap's growth between them is the soak's alone; closed before the idle reading.
    const sockets = startChild(join(here, "realtime-sockets.mjs"), {
      BENCH_WS: `${url.replace(/^http/, "ws")}/realtime/v1/websocket?apikey=${anonKey}&vsn=1.0.0`,
      BENCH_SOCKETS: String(SOCKETS),
      BENCH_SECONDS: String(DURATION + 5),
      BENCH_SAY_OPEN: "1",
    });
    await messageFrom(sockets);
    const warm = await memory();
    console.log(`${engine}: soaking for ${DURATION} s at ${RATE} req/s, ${SOCKETS} realtime sockets held…`);
    const results = await Promise.all(scenarios(url, anonKey, staff, DURATION, RATE).map(run));
    const end = await memory();
    const held = await messageFrom(sockets);
    await stopProcess(sockets);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = await memory();
    child.send({ type: "stop" });
    await new Promise((r) => child.once("exit", r));
    await stopProcess(child);
    return {
      requests: results.reduce((n, r) => n + r.requests.total, 0),
      failures: results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0) + held.dropped,
      sockets: held.sockets,
      heapKiBPerSocket: Math.round(((warm.heap - beforeSockets.heap) * 1024) / held.sockets),
      started,
      warm,
      end,
      idle,
      heapGrowth: (end.heap - warm.heap) / warm.heap,
      rssGrowth: (idle.rss - started.rss) / started.rss,
    };
  } finally {
    target.close();
  }
}

const mib = (n) => `${n.toFixed(1)} MiB`;
const signed = (f) => `${f >= 0 ? "+" : ""}${(f * 100).toFixed(1)} %`;

await runBench(async () => {
  const dir = tempDir("sms-soak-");
  const out = {
    machine: machine(),
    at: new Date().toISOString(),
    seconds: DURATION,
    rate: RATE,
    engines: {},
  };
  for (const engine of enginesToRun()) out.engines[engine] = await soak(engine, dir);
  const rows = [];
  let ok = true;
  for (const [engine, r] of Object.entries(out.engines)) {
    const heapOk = r.heapGrowth <= LIMITS.heap;
    const rssOk = r.rssGrowth <= LIMITS.rss;
    ok &&= heapOk && rssOk && r.failures === 0;
    rows.push([
      engine,
      `${r.requests} / ${r.failures}`,
      mib(r.warm.rss),
      `${r.sockets} / ${r.heapKiBPerSocket} KiB`,
      `${mib(r.warm.heap)} → ${mib(r.end.heap)} (${signed(r.heapGrowth)})`,
      heapOk ? "met" : "**missed**",
      `${mib(r.started.rss)} → ${mib(r.idle.rss)} (${signed(r.rssGrowth)})`,
      rssOk ? "met" : "**missed**",
    ]);
  }
  console.log(`\nsoak: ${DURATION} s at ${RATE} req/s of mixed traffic per engine`);
  printTable(
    [
      "Engine",
      "Requests / failed",
      "RSS warm",
      "Sockets held / heap per socket",
      "Heap after full GC, warm → end",
      "≤ +10 %",
      "RSS started → idle after",
      "≤ +20 %",
    ],
    rows,
  );
  console.log(`machine: ${describeMachine(out.machine)}`);
  mkdirSync(join(root, "bench"), { recursive: true });
  writeFileSync(join(root, "bench", "soak.json"), `${JSON.stringify(out, null, 2)}\n`);
  console.log("wrote bench/soak.json");
  console.log(ok ? "soak passed" : "soak FAILED");
  if (!ok) process.exitCode = 1;
});
