// `pnpm bench:scale`: how the reads cost as the data grows. On each engine, seeds 1k, 10k and 100k
// talents (as many deals, ten timeline rows per talent: 1M at the top size), then 1k, 100k and 1M invoices
// and as many royalty lines, and at each size measures p50/p99 of the reads the web app makes, through
// the real HTTP API with a staff token, one request at a time, each a fresh database read
// (READ_CACHE=false). Target: at the largest size every p99 ≤ 2 × its value at the smallest. Prints a
// table per engine and group, writes bench/scale.json and the CRM's chart bench/scale.svg.
import { mkdirSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import {
  anonKeyOf,
  createStaff,
  describeMachine,
  enginesToRun,
  freePort,
  machine,
  openTarget,
  percentile,
  printTable,
  root,
  runBench,
  serverEnv,
  signIn,
  startServer,
  stopProcess,
  tempDir,
  waitForHealth,
} from "./lib/harness.mjs";
import { scaleChart } from "./lib/scale-chart.mjs";
import { BUYERS, seedMoneyScale } from "./lib/seed-money-scale.mjs";
import { contactId, dealId, ROLES, seedScale, talentName } from "./lib/seed-scale.mjs";

const sizes = (name, fallback) => (process.env[name] ?? fallback).split(",").map(Number);
const SIZES = sizes("BENCH_SCALE_SIZES", "1000,10000,100000");
const ROW_SIZES = sizes("BENCH_SCALE_ROW_SIZES", "1000,100000,1000000");
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 200);
const WARMUP = Math.max(10, Math.round(REQUESTS / 10));
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
/** The web app's page of talent (TALENT_PAGE_LIMIT) and its deal board's one read. */
const PAGE = 50;
/** "Deep in the list": page 19, the last full page at the smallest size. */
const DEEP_OFFSET = 18 * PAGE;
const GROWTH_TARGET = 2;

// The web app's queries (web/src/features/crm/api, web/src/lib/postgrest.ts), parameter for parameter.
const quote = (v) => `"${v.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
const SEARCH_COLUMNS = ["first_name", "last_name", "stage_name", "email"];
const searchFilter = (text) =>
  `(${text
    .split(/\s+/)
    .map((w) => `or(${SEARCH_COLUMNS.map((c) => `${c}.ilike.${quote(`*${w}*`)}`).join(",")})`)
    .join(",")})`;
const talentPage = (extra = {}, offset = 0) => ({
  kind: "eq.talent",
  archived_at: "is.null",
  order: "last_name.asc,first_name.asc",
  limit: String(PAGE),
  offset: String(offset),
  ...extra,
});

/** Each scenario: a path for the i-th request (varied where the app would vary it) at a size. */
const CRM_SCENARIOS = [
  { name: "first talent page", path: () => ["crm_contacts", talentPage()] },
  {
    name: `talent page 19 (offset ${DEEP_OFFSET})`,
    path: () => ["crm_contacts", talentPage({}, DEEP_OFFSET)],
  },
  {
    name: "search by name (ilike, 2 words)",
    path: (i, size) => {
      const { first, last } = talentName((i * 7919) % size);
      return ["crm_contacts", talentPage({ and: searchFilter(`${first} ${last}`) })];
    },
  },
  {
    name: "filter by role (roles cs)",
    path: (i) => ["crm_contacts", talentPage({ roles: `cs.{${quote(ROLES[i % ROLES.length])}}` })],
  },
  {
    name: "deals board (500 rows)",
    path: () => ["crm_deals", { order: "position.asc,created_at.asc", limit: "500" }],
  },
  {
    name: "one record's timeline",
    path: (i, size) => {
      const k = (i * 7919) % size;
      const [type, id] = i % 2 === 0 ? ["crm_contacts", contactId(k)] : ["crm_deals", dealId(k)];
      return [
        "crm_activity",
        {
          order: "created_at.desc",
          limit: "50",
          offset: "0",
          record_type: `eq.${type}`,
          record_id: `eq.${id}`,
        },
      ];
    },
  },
];
/** The unmatched royalty lines' page (the web app's UNMATCHED_PAGE). */
const UNMATCHED_PAGE = 100;
const unmatched = (offset) => ({
  work_id: "is.null",
  recording_id: "is.null",
  order: "import_id.asc,row_number.asc",
  limit: String(UNMATCHED_PAGE),
  offset: String(offset),
});
/** The invoice list (web/src/features/invoices/api) and the unmatched lines (…/royalties/api), as sent. */
const MONEY_SCENARIOS = [
  { name: "invoice list, newest first", path: () => ["invoices", { order: "created_at.desc" }] },
  {
    name: "invoice list, status paid",
    path: () => ["invoices", { status: "eq.paid", order: "created_at.desc" }],
  },
  {
    name: "invoice list, status overdue (derived)",
    path: () => ["invoices", { status: "eq.overdue", order: "created_at.desc" }],
  },
  {
    name: "invoice list, buyer search (ilike)",
    path: (i) => [
      "invoices",
      {
        and: `(or(buyer_name.ilike.${quote(`*${BUYERS[(i * 7) % BUYERS.length].split(" ")[0]}*`)}))`,
        order: "created_at.desc",
      },
    ],
  },
  // The first page only: at 1k lines (40 unmatched) there is no second.
  { name: "unmatched royalty lines, page 1", path: () => ["royalty_lines", unmatched(0)] },
];
/** `exact` and `estimated` (PostgREST's bounded count): `web` is the one the web app sends for the group. */
const COUNTS = ["exact", "estimated"];
/** BENCH_SCALE_ONLY=money measures one group. */
const GROUPS = [
  { key: "crm", unit: "talents", sizes: SIZES, seed: seedScale, scenarios: CRM_SCENARIOS, web: "estimated" },
  {
    key: "money",
    unit: "rows",
    sizes: ROW_SIZES,
    seed: seedMoneyScale,
    scenarios: MONEY_SCENARIOS,
    web: "estimated",
    // An exact count of a million invoices takes a second a request: measured once, not in every run.
    counts: ["estimated"],
  },
].filter((g) => (process.env.BENCH_SCALE_ONLY ?? "crm,money").split(",").includes(g.key));

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
function get(path, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${base}${path}`, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () =>
        res.statusCode >= 200 && res.statusCode < 300
          ? resolve(performance.now() - started)
          : reject(new Error(`GET ${path} → ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

async function measure(scenario, size, headers) {
  const times = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const [table, query] = scenario.path(i, size);
    const ms = await get(`/rest/v1/${table}?${new URLSearchParams(query)}`, headers);
    if (i >= WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const round = (ms) => +ms.toFixed(2);
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

async function runEngine(engine, dir) {
  const target = await openTarget(engine, dir);
  try {
    const env = serverEnv(PORT, target.url, { SEED_DEMO: "false", READ_CACHE: "false" });
    // A first start migrates the empty database; the staff account and key come from the CLI.
    let server = startServer(env);
    await waitForHealth(base);
    await stopProcess(server);
    createStaff(env);
    const anonKey = anonKeyOf(env);
    const results = {};
    for (const group of GROUPS) {
      results[group.key] = {};
      let seeded = 0;
      for (const size of group.sizes) {
        const started = performance.now();
        await group.seed(engine, target.url, seeded, size);
        seeded = size;
        const seedSeconds = +((performance.now() - started) / 1000).toFixed(1);
        console.log(`${engine}: ${size} ${group.unit} seeded (${seedSeconds} s), measuring…`);
        server = startServer(env);
        await waitForHealth(base);
        const session = await signIn(base, anonKey);
        const at = { seedSeconds, scenarios: {} };
        for (const scenario of group.scenarios) {
          for (const count of group.counts ?? COUNTS) {
            const headers = {
              apikey: anonKey,
              authorization: `Bearer ${session.access_token}`,
              prefer: `count=${count}`,
            };
            at.scenarios[`${scenario.name}|${count}`] = await measure(scenario, size, headers);
          }
        }
        results[group.key][size] = at;
        await stopProcess(server);
      }
    }
    return results;
  } finally {
    target.close();
  }
}

/** One group's table on one engine; answers how many reads, as the web app sends them, missed the target. */
function report(engine, group, results) {
  const [small, large] = [group.sizes[0], group.sizes.at(-1)];
  const rows = [];
  let misses = 0;
  for (const scenario of group.scenarios) {
    for (const count of group.counts ?? COUNTS) {
      const key = `${scenario.name}|${count}`;
      const growth = results[large].scenarios[key].p99 / results[small].scenarios[key].p99;
      const met = growth <= GROWTH_TARGET;
      if (!met && count === group.web) misses++;
      rows.push([
        scenario.name,
        `count=${count}${count === group.web ? " (web app)" : ""}`,
        ...group.sizes.map((s) => `${results[s].scenarios[key].p50} / ${results[s].scenarios[key].p99}`),
        `× ${growth.toFixed(2)}`,
        count === group.web ? (met ? "met" : "**missed**") : met ? "met" : "missed (count of every row)",
      ]);
    }
  }
  console.log(
    `\n${engine}, ${group.key}: p50 / p99 in ms, one request at a time, ${REQUESTS} requests per cell`,
  );
  printTable(
    [
      "Read",
      "Prefer",
      ...group.sizes.map((s) => `${s.toLocaleString("en")} ${group.unit}`),
      "p99 growth",
      `≤ × ${GROWTH_TARGET}`,
    ],
    rows,
  );
  return misses;
}

await runBench(async () => {
  const dir = tempDir("sms-scale-");
  const out = {
    machine: machine(),
    at: new Date().toISOString(),
    sizes: Object.fromEntries(GROUPS.map((g) => [g.key, g.sizes])),
    requests: REQUESTS,
    engines: {},
  };
  for (const engine of enginesToRun()) out.engines[engine] = await runEngine(engine, dir);
  let misses = 0;
  for (const [engine, results] of Object.entries(out.engines))
    for (const group of GROUPS) misses += report(engine, group, results[group.key]);
  console.log(`\nmachine: ${describeMachine(out.machine)}`);
  mkdirSync(join(root, "bench"), { recursive: true });
  const json = join(root, "bench", "scale.json");
  writeFileSync(json, `${JSON.stringify(out, null, 2)}\n`);
  if (GROUPS.some((g) => g.key === "crm")) {
    const crm = { ...out, sizes: SIZES, engines: {} };
    for (const [engine, results] of Object.entries(out.engines)) crm.engines[engine] = results.crm;
    const names = CRM_SCENARIOS.map((s) => s.name);
    writeFileSync(join(root, "bench", "scale.svg"), scaleChart(crm, names, "estimated"));
  }
  console.log("wrote bench/scale.json (and bench/scale.svg for the CRM)");
  console.log(
    misses === 0
      ? "every read, counted as the web app counts it, within the growth target"
      : `${misses} reads over the growth target`,
  );
});
