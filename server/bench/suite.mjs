// `pnpm bench`: the production build on each engine (SQLite, then a throwaway PostgreSQL cluster), driven by
// autocannon over loopback. Every figure is measured beside a baseline in the same run (a bare node:http
// server answering the same bytes, or the bare driver running the same statements), so the ratios hold on
// a noisy machine. Targets are checked and reported here, never asserted by timed tests.
import { mkdirSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  ADMIN,
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
  rssMiB,
  runBench,
  STAFF,
  serverEnv,
  signIn,
  startChild,
  startServer,
  stopProcess,
  tempDir,
  waitForHealth,
} from "./lib/harness.mjs";
import { makeDrafts, numbering, saveSeller } from "./lib/invoice-drafts.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
/** Sessions for the refresh benchmark: one per connection. */
const CONNECTIONS = 50;
/** The server's default pool (DATABASE_POOL_SIZE); the pg baseline gets the same. */
const POOL = 10;
const STAGES = ["prospect", "negotiation", "contract", "won", "lost"];
/** Invoices issued per side (server, then the bare driver), by this many requests at a time. */
const INVOICES = Number(process.env.BENCH_INVOICES ?? 2000);
const INVOICE_CONNECTIONS = 20;
/** The deal board as the web app reads it, with each deal's contact beside its company. */
const EMBED_PATH =
  "/rest/v1/crm_deals?select=*,company:crm_companies(name),contact:crm_contacts(first_name,last_name)&order=position.asc,created_at.asc&limit=500";
/** The same rows and joins as one SQL query for the bare baseline (`a__b` columns nest as `a.b`). */
const EMBED_SQL = `select d.*, c.name as company__name, p.first_name as contact__first_name,
  p.last_name as contact__last_name
  from crm_deals d left join crm_companies c on c.id = d.company_id left join crm_contacts p on p.id = d.contact_id
  order by d.position, d.created_at, d.id limit 500`;
const SCENARIOS = [
  "events",
  "crm",
  "embed",
  "refresh",
  "contactInsert",
  "dealMove",
  "invoiceIssue",
  "storm",
  "sockets",
  "fanout",
  "royaltyImportDb",
  "royaltyImport",
];
/** BENCH_ONLY=refresh,dealMove runs those scenarios alone (with a profile, to see one at a time). */
const ONLY = (process.env.BENCH_ONLY ?? SCENARIOS.join(",")).split(",").map((s) => s.trim());
for (const name of ONLY)
  if (!SCENARIOS.includes(name))
    throw new Error(`BENCH_ONLY: unknown scenario ${name} (${SCENARIOS.join(", ")})`);
const runs = (name) => ONLY.includes(name);
/** BENCH_PROFILE=<folder>: the measured server writes a V8 CPU profile there when it stops. */
const PROFILE = process.env.BENCH_PROFILE;
const TARGETS = {
  events: { ratio: 0.85, p99: 10 },
  crm: { ratio: 0.6 },
  refresh: { ratio: 0.6 },
  // The hot writes, per engine: SQLite's group commit shares one fsync among a turn's requests, so its
  // server comes closer to a bare driver that pays one per transaction.
  contactInsert: { ratio: { sqlite: 0.7, postgres: 0.6 } },
  dealMove: { ratio: { sqlite: 0.7, postgres: 0.6 } },
  // A staff read like the talent list's, so the same target; the baseline does the joins in one query.
  embed: { ratio: 0.6 },
  invoiceIssue: { ratio: 0.5 },
  storm: { p99Factor: 3 },
  // A thousand held sockets: none dropped, and a heartbeat's round trip within three times a bare `ws`
  // server's answering the same frames (memory per socket reported).
  sockets: { count: 1000, p99Factor: 3 },
  // A committed change reaches 100 subscribers, none missed, with a p99 within three times a broadcast's
  // through the same server (which skips the change log and each subscriber's policy read).
  fanout: { subscribers: 100, p99Factor: 3 },
  // The statement engines alone (no database): well inside the minute a whole import may take, at most
  // six times csv-parse's own CPU time on the same bytes, and a heap that does not grow with the file.
  royaltyImport: { seconds: 60, cpuRatio: 6, heapGrowthMiB: 8 },
  // The whole import through the server into the database, within the minute. The server's peak RSS is
  // reported beside it: V8 grows its heap with the allocation rate, so the flat-memory target is the
  // engines' heap after a full GC (royaltyImport), which RSS cannot show.
  royaltyImportDb: { seconds: 60 },
};

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(summary(result, opts.amount !== undefined)),
    );
  });
}

/** A run of a fixed number of requests ends within a second's sample: its rate is total over time. */
const summary = (r, fixedAmount) => ({
  reqPerSec: Math.round(fixedAmount ? r.requests.total / r.duration : r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  failed: r.non2xx + r.errors + r.timeouts,
});

/** Two interleaved rounds each, keeping each side's better one, so warm-up and drift hit both alike. */
async function interleaved(server, baseline) {
  const best = (a, b) => (a && a.reqPerSec >= b.reqPerSec ? a : b);
  let s;
  let b;
  for (let round = 0; round < 2; round++) {
    b = best(b, await baseline());
    s = best(s, await server());
  }
  return { server: s, baseline: b, ratio: +(s.reqPerSec / b.reqPerSec).toFixed(2) };
}

/**
 * A bare node:http server answering `body` with the same headers, optionally verifying the JWT first;
 * `query` ({ engine, url, sql }) has it answer that query's rows, read on every request, instead.
 */
async function bareHttp(dir, name, { body, headers, status }, jwtSecret, query) {
  const file = join(dir, `${name}.body`);
  writeFileSync(file, body);
  const port = await freePort();
  const child = startChild(join(here, "lib", "bare-http.mjs"), {
    BARE_BODY: file,
    BARE_PORT: String(port),
    BARE_HEADERS: JSON.stringify(headers),
    BARE_STATUS: String(status),
    ...(jwtSecret ? { BARE_JWT_SECRET: jwtSecret } : {}),
    ...(query
      ? { BARE_ENGINE: query.engine, BARE_URL: query.url, BARE_SQL: query.sql, BARE_POOL: String(POOL) }
      : {}),
  });
  await messageFrom(child);
  return { url: `http://127.0.0.1:${port}`, stop: () => stopProcess(child) };
}

/** BENCH_SOCKETS held realtime sockets on `wsBase` (see realtime-sockets.mjs), from a process of their own. */
async function heldSockets(wsBase, anonKey, pid) {
  const child = startChild(join(here, "realtime-sockets.mjs"), {
    BENCH_WS: `${wsBase}/realtime/v1/websocket?apikey=${anonKey}&vsn=1.0.0`,
    BENCH_SOCKETS: String(TARGETS.sockets.count),
    BENCH_SECONDS: String(DURATION),
    BENCH_SERVER_PID: String(pid),
  });
  const result = await messageFrom(child);
  await stopProcess(child);
  return result;
}

/** The same statements on the bare driver for DURATION seconds: transactions per second. */
async function bareWrites(engine, url, kind, ids = [], overrides = {}) {
  const child = startChild(join(here, "lib", "bare-writes.mjs"), {
    BASE_ENGINE: engine,
    BASE_URL: url,
    BASE_KIND: kind,
    BASE_SECONDS: String(DURATION),
    BASE_CONCURRENCY: String(CONNECTIONS),
    BASE_POOL: String(POOL),
    BASE_SYNC: "FULL",
    BASE_IDS: JSON.stringify(ids),
    ...overrides,
  });
  const { ops, seconds } = await messageFrom(child);
  await stopProcess(child);
  return { reqPerSec: Math.round(ops / seconds) };
}

/**
 * The server's answer to a read, for the bare baseline to send back byte for byte: the body as sent
 * (compressed when the request accepts it; fetch would decompress it) and every header (security headers,
 * Vary, Cache-Control, the request id as sent once) but those node:http writes itself (Date, Connection,
 * Keep-Alive, Content-Length).
 */
function readAnswer(base, path, headers) {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        // A page of a longer list with its count is 206 Partial Content, as PostgREST answers it.
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 299) return reject(new Error(`GET ${path} → ${status}`));
        const kept = {};
        const writtenByNode = new Set([
          "date",
          "connection",
          "keep-alive",
          "content-length",
          "transfer-encoding",
        ]);
        for (const [name, value] of Object.entries(res.headers))
          if (!writtenByNode.has(name)) kept[name] = value;
        resolve({ status, body: Buffer.concat(chunks), headers: kept });
      });
    }).on("error", reject);
  });
}

/**
 * What a phone's browser sends with supabase-js's read of the home page's events: the anon key twice
 * (apikey and bearer), the client's own headers and the browser's, compression included (the server
 * answers brotli, so the bare baseline sends the same compressed bytes).
 */
const visitorHeaders = (anonKey, base) => ({
  apikey: anonKey,
  authorization: `Bearer ${anonKey}`,
  "accept-profile": "public",
  "x-client-info": "supabase-js-web/2.119.1",
  accept: "*/*",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  referer: `${base}/`,
  "sec-ch-ua": '"Chromium";v="131", "Not_A Brand";v="24"',
  "sec-ch-ua-mobile": "?1",
  "sec-ch-ua-platform": '"Android"',
  "sec-fetch-dest": "empty",
  "sec-fetch-mode": "cors",
  "sec-fetch-site": "same-origin",
});

const sessionIdOf = (accessToken) =>
  JSON.parse(Buffer.from(accessToken.split(".")[1], "base64url").toString()).session_id;

/**
 * Refresh grant over a pool of sessions: each response's new token goes back into the pool and each
 * request takes one out, so every refresh token is presented exactly once. (autocannon clears its
 * per-connection context between requests, so the pool is shared.)
 */
async function benchRefresh(base, headers, tokens) {
  const pool = [...tokens];
  const presented = new Set();
  let reused = 0;
  const result = await cannon({
    url: `${base}/auth/v1/token?grant_type=refresh_token`,
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
  });
  if (reused > 0) throw new Error(`refresh bench presented ${reused} tokens twice`);
  return result;
}

async function coldStarts(base, env) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const child = startServer(env);
    times.push(await waitForHealth(base, started));
    await stopProcess(child);
  }
  times.sort((a, b) => a - b);
  return { median: Math.round(times[2]), max: Math.round(times[4]) };
}

async function runEngine(engine, dir) {
  const target = await openTarget(engine, dir);
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = serverEnv(port, target.url, {
      SEED_DEMO: "true",
      DATABASE_POOL_SIZE: String(POOL),
      // BENCH_READ_CACHE=false: every read reaches the database, to see a read's own cost beside the memo's.
      ...(process.env.BENCH_READ_CACHE ? { READ_CACHE: process.env.BENCH_READ_CACHE } : {}),
    });
    // A first start migrates and seeds; the cold starts after it find the database ready.
    const first = startServer(env);
    await waitForHealth(base);
    await stopProcess(first);
    const out = { coldStartMs: await coldStarts(base, env) };
    createStaff(env);
    if (runs("invoiceIssue")) createStaff(env, ADMIN, "admin");
    const anonKey = anonKeyOf(env);
    const profileDir = PROFILE && join(PROFILE, engine);
    const server = startServer(env, {
      execArgv: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
    });
    await waitForHealth(base);
    out.rssMiB = { started: rssMiB(server.pid) };
    const sessionCount = runs("refresh") ? CONNECTIONS : 1;
    console.log(`${engine}: signing in ${sessionCount} session(s) (bcrypt)…`);
    const sessions = [];
    for (let i = 0; i < sessionCount; i++) sessions.push(await signIn(base, anonKey));
    const staff = sessions[0];
    const headers = { apikey: anonKey, "content-type": "application/json" };
    const staffHeaders = { ...headers, authorization: `Bearer ${staff.access_token}` };
    const eventsPath = "/rest/v1/events?select=*&order=event_date.asc";
    const visitor = visitorHeaders(anonKey, base);

    console.log(`${engine}: reads…`);
    if (runs("events")) {
      const events = await readAnswer(base, eventsPath, visitor);
      const bareEvents = await bareHttp(dir, `${engine}-events`, events);
      out.events = await interleaved(
        () => cannon({ url: `${base}${eventsPath}`, headers: visitor }),
        () => cannon({ url: `${bareEvents.url}${eventsPath}`, headers: visitor }),
      );
      await bareEvents.stop();
    }
    out.rssMiB.warm = rssMiB(server.pid);

    if (runs("crm")) {
      const crmPath = "/rest/v1/crm_contacts?limit=50";
      const crmHeaders = {
        apikey: anonKey,
        authorization: `Bearer ${staff.access_token}`,
        prefer: "count=exact",
      };
      const crm = await readAnswer(base, crmPath, crmHeaders);
      const bareCrm = await bareHttp(dir, `${engine}-crm`, crm, env.JWT_SECRET);
      out.crm = await interleaved(
        () => cannon({ url: `${base}${crmPath}`, headers: crmHeaders }),
        () => cannon({ url: `${bareCrm.url}${crmPath}`, headers: crmHeaders }),
      );
      await bareCrm.stop();
    }

    if (runs("embed")) {
      // A board of deals that each name a company and a contact, so every row embeds both.
      await makeDeals(base, staffHeaders, 200, { withCompany: true });
      const embedHeaders = {
        apikey: anonKey,
        authorization: `Bearer ${staff.access_token}`,
        prefer: "count=estimated",
      };
      const embed = await readAnswer(base, EMBED_PATH, embedHeaders);
      const query = { engine, url: target.url, sql: EMBED_SQL };
      const bareEmbed = await bareHttp(dir, `${engine}-embed`, { ...embed, body: "" }, env.JWT_SECRET, query);
      const bareBody = await (await fetch(`${bareEmbed.url}${EMBED_PATH}`, { headers: embedHeaders })).json();
      const served = JSON.parse(embed.body.toString());
      if (bareBody.length !== served.length || served.some((row) => !("company" in row && "contact" in row)))
        throw new Error(`the embed baseline answered ${bareBody.length} rows, the server ${served.length}`);
      out.embed = await interleaved(
        () => cannon({ url: `${base}${EMBED_PATH}`, headers: embedHeaders }),
        () => cannon({ url: `${bareEmbed.url}${EMBED_PATH}`, headers: embedHeaders }),
      );
      await bareEmbed.stop();
    }

    console.log(`${engine}: writes…`);
    if (runs("refresh")) {
      const refresh = await benchRefresh(
        base,
        headers,
        sessions.map((s) => s.refresh_token),
      );
      const refreshBase = await bareWrites(
        engine,
        target.url,
        "refresh",
        sessions.map((s) => sessionIdOf(s.access_token)),
      );
      out.refresh = withRatio(refresh, refreshBase);
    }

    if (runs("contactInsert")) {
      const contact = await cannon({
        url: `${base}/rest/v1/crm_contacts`,
        method: "POST",
        headers: staffHeaders,
        body: JSON.stringify({ first_name: "Bench", last_name: "Writer", roles: ["Producer"] }),
      });
      out.contactInsert = withRatio(contact, await bareWrites(engine, target.url, "contact"));
    }

    if (runs("dealMove")) {
      const deals = await makeDeals(base, staffHeaders, 200);
      let next = 0;
      const stageOf = new Map(deals.map((d) => [d, 0]));
      const move = await cannon({
        url: `${base}/rest/v1/crm_deals`,
        requests: [
          {
            method: "PATCH",
            headers: staffHeaders,
            setupRequest: (req) => {
              const id = deals[next++ % deals.length];
              const stage = (stageOf.get(id) + 1) % STAGES.length;
              stageOf.set(id, stage);
              return {
                ...req,
                path: `/rest/v1/crm_deals?id=eq.${id}`,
                body: JSON.stringify({ stage: STAGES[stage] }),
              };
            },
          },
        ],
      });
      out.dealMove = withRatio(move, await bareWrites(engine, target.url, "deal", deals));
    }

    if (runs("invoiceIssue")) {
      console.log(`${engine}: issuing ${INVOICES} invoices, ${INVOICE_CONNECTIONS} requests at a time…`);
      const admin = await signIn(base, anonKey, ADMIN);
      await saveSeller(base, { ...headers, authorization: `Bearer ${admin.access_token}` });
      // Each side issues its own series, so each one's numbers can be checked for gaps on their own.
      const drafts = await makeDrafts(base, staffHeaders, "B", INVOICES);
      await makeDrafts(base, staffHeaders, "C", INVOICES);
      let next = 0;
      const issue = await cannon({
        url: `${base}/rest/v1/rpc/issue_invoice`,
        connections: INVOICE_CONNECTIONS,
        amount: INVOICES,
        requests: [
          {
            method: "POST",
            headers: staffHeaders,
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ invoice_id: drafts[next++] }) }),
          },
        ],
      });
      const bare = await bareWrites(engine, target.url, "invoice", [], {
        BASE_CONCURRENCY: String(INVOICE_CONNECTIONS),
        BASE_SECONDS: "600",
        BASE_SERIES: "C",
      });
      out.invoiceIssue = {
        ...withRatio(issue, bare),
        numbers: {
          server: await numbering(engine, target.url, "B"),
          baseline: await numbering(engine, target.url, "C"),
        },
      };
    }

    if (runs("storm")) {
      console.log(`${engine}: sign-in storm…`);
      const alone = await cannon({
        url: `${base}${eventsPath}`,
        connections: 10,
        headers: visitor,
      });
      const [signIns, during] = await Promise.all([
        cannon({
          url: `${base}/auth/v1/token?grant_type=password`,
          connections: 8,
          method: "POST",
          headers,
          body: JSON.stringify(STAFF),
        }),
        cannon({ url: `${base}${eventsPath}`, connections: 10, headers: visitor }),
      ]);
      out.storm = { alone, during, signIns, factor: +(during.p99 / Math.max(1, alone.p99)).toFixed(2) };
    }
    if (runs("sockets")) {
      console.log(`${engine}: ${TARGETS.sockets.count} held realtime sockets…`);
      const held = await heldSockets(`ws://127.0.0.1:${port}`, anonKey, server.pid);
      const barePort = await freePort();
      const bare = startChild(join(here, "lib", "bare-realtime.mjs"), { BARE_PORT: String(barePort) });
      await messageFrom(bare);
      const baseline = await heldSockets(`ws://127.0.0.1:${barePort}`, anonKey, bare.pid);
      await stopProcess(bare);
      out.sockets = { ...held, baseline, factor: +(held.p99 / Math.max(0.1, baseline.p99)).toFixed(2) };
    }
    if (runs("fanout")) {
      console.log(`${engine}: change fan-out to ${TARGETS.fanout.subscribers} subscribers…`);
      const child = startChild(join(here, "realtime-fanout.mjs"), {
        BENCH_WS: `ws://127.0.0.1:${port}/realtime/v1/websocket?apikey=${anonKey}&vsn=1.0.0`,
        BENCH_BASE: base,
        BENCH_ANON_KEY: anonKey,
        BENCH_TOKEN: staff.access_token,
        BENCH_SUBSCRIBERS: String(TARGETS.fanout.subscribers),
      });
      const fanout = await messageFrom(child);
      await stopProcess(child);
      out.fanout = {
        ...fanout,
        factor: +(fanout.changes.p99 / Math.max(1, fanout.broadcast.p99)).toFixed(2),
      };
    }
    if (runs("royaltyImportDb")) {
      console.log(`${engine}: royalty import through the server, 200,000 lines…`);
      const child = startChild(
        join(here, "royalty-import-db.ts"),
        {
          BENCH_BASE: base,
          BENCH_SERVER_PID: String(server.pid),
          BENCH_ANON_KEY: anonKey,
          BENCH_TOKEN: staff.access_token,
        },
        ["--import", "tsx"],
      );
      out.royaltyImportDb = await messageFrom(child);
      await stopProcess(child);
    }
    out.rssMiB.end = rssMiB(server.pid);
    await stopProcess(server);
    return out;
  } finally {
    target.close();
  }
}

const withRatio = (server, baseline) => ({
  server,
  baseline,
  ratio: +(server.reqPerSec / baseline.reqPerSec).toFixed(2),
});

/**
 * Deals to move, each linked to a contact (a move also touches the contact's last activity), and to a
 * company when asked.
 */
async function makeDeals(base, headers, n, { withCompany = false } = {}) {
  const ids = async (table) =>
    (await fetch(`${base}/rest/v1/${table}?select=id&limit=50`, { headers })).json();
  const contacts = await ids("crm_contacts");
  const companies = withCompany ? await ids("crm_companies") : [];
  if (withCompany && companies.length === 0) throw new Error("the demo data has no companies");
  const rows = Array.from({ length: n }, (_, i) => ({
    title: `Bench deal ${i}`,
    stage: STAGES[0],
    contact_id: contacts[i % contacts.length].id,
    ...(withCompany ? { company_id: companies[i % companies.length].id } : {}),
  }));
  const res = await fetch(`${base}/rest/v1/crm_deals?select=id`, {
    method: "POST",
    headers: { ...headers, prefer: "return=representation" },
    body: JSON.stringify(rows),
  });
  if (!res.ok) throw new Error(`could not create the bench deals: ${res.status} ${await res.text()}`);
  return (await res.json()).map((d) => d.id);
}

/** The royalty statement engines on a 200,000-line DistroKid-style file (bench/royalty-import.ts). */
async function royaltyImport() {
  console.log("royalty import: 200,000 statement lines, streaming…");
  const child = startChild(join(here, "royalty-import.ts"), {}, ["--expose-gc", "--import", "tsx"]);
  const result = await messageFrom(child);
  await stopProcess(child);
  return result;
}

function reportRoyaltyImport(r) {
  const t = TARGETS.royaltyImport;
  const growth = +(r.heapMiB.end - r.heapMiB.quarter).toFixed(1);
  console.log(`\nroyalty import engines (${r.lines} lines, ${r.fileMiB} MiB, no database)`);
  printTable(
    ["Scenario", "Measured", "Baseline (same run)", "Ratio", "Target", "Result"],
    [
      [
        "read, map, convert to öre, allocate, close",
        `${r.pipelineMs} ms (CPU ${r.pipelineCpuMs} ms)`,
        `csv-parse alone: ${r.baselineMs} ms (CPU ${r.baselineCpuMs} ms)`,
        `CPU × ${r.cpuRatio} (wall × ${r.ratio})`,
        `< ${t.seconds} s, CPU ≤ × ${t.cpuRatio}`,
        verdict(r.pipelineMs < t.seconds * 1000 && r.cpuRatio <= t.cpuRatio),
      ],
      [
        "heap after GC: a quarter in / at the end",
        `${r.heapMiB.quarter} / ${r.heapMiB.end} MiB`,
        "",
        `${growth >= 0 ? "+" : ""}${growth} MiB`,
        `≤ +${t.heapGrowthMiB} MiB`,
        verdict(growth <= t.heapGrowthMiB),
      ],
    ],
  );
}

const pct = (r) => `${Math.round(r * 100)} %`;
const verdict = (ok) => (ok ? "met" : "**missed**");
const rate = (s) => `${s.reqPerSec} req/s, p99 ${s.p99} ms`;

/** A target's ratio on this engine: one for both, or one each. */
const ratioOn = (target, engine) => (typeof target.ratio === "number" ? target.ratio : target.ratio[engine]);

/** One scenario's row: its server figure beside its baseline, the ratio and the verdict. */
const ratioRow = (label, s, baselineText, ratio) => [
  label,
  rate(s.server),
  baselineText,
  pct(s.ratio),
  `≥ ${pct(ratio)}`,
  verdict(s.ratio >= ratio),
];

/** The scenarios reported as one ratio each: key, label, and what their baseline was. */
const RATIO_ROWS = [
  [
    "crm",
    "`GET /rest/v1/crm_contacts?limit=50`, staff, count=exact",
    (s) => `bare node:http verifying the JWT: ${rate(s.baseline)}`,
  ],
  [
    "embed",
    "`GET /rest/v1/crm_deals` with each deal's company and contact embedded, staff, 50 conn",
    (s) => `bare node:http running the same joins in SQL: ${rate(s.baseline)}`,
  ],
  [
    "refresh",
    "refresh grant (each token once), 50 conn",
    (s) => `bare driver, same statements: ${s.baseline.reqPerSec} tx/s`,
  ],
  [
    "contactInsert",
    "insert a contact (+ timeline row), 50 conn",
    (s) => `bare driver: ${s.baseline.reqPerSec} tx/s`,
  ],
  [
    "dealMove",
    "move a deal (+ timeline row, contact touched), 50 conn",
    (s) => `bare driver: ${s.baseline.reqPerSec} tx/s`,
  ],
];

function report(engine, r) {
  const t = TARGETS;
  const rows = [];
  if (r.events)
    rows.push([
      "`GET /rest/v1/events` as a phone's browser sends it (anon, br, info log), 50 conn",
      rate(r.events.server),
      `bare node:http, same bytes: ${rate(r.events.baseline)}`,
      pct(r.events.ratio),
      `≥ ${pct(t.events.ratio)}, p99 ≤ ${t.events.p99} ms`,
      verdict(r.events.ratio >= t.events.ratio && r.events.server.p99 <= t.events.p99),
    ]);
  for (const [key, label, baseline] of RATIO_ROWS)
    if (r[key]) rows.push(ratioRow(label, r[key], baseline(r[key]), ratioOn(t[key], engine)));
  if (r.invoiceIssue) {
    const { numbers } = r.invoiceIssue;
    const gapless = (n) => n.issued === INVOICES && n.missing === 0 && n.repeated === 0;
    const ok = gapless(numbers.server) && gapless(numbers.baseline);
    rows.push(
      ratioRow(
        `issue ${INVOICES} invoices, ${INVOICE_CONNECTIONS} conn`,
        r.invoiceIssue,
        `bare driver: ${r.invoiceIssue.baseline.reqPerSec} tx/s`,
        ratioOn(t.invoiceIssue, engine),
      ),
      [
        "issued numbers: server's series / baseline's",
        `${numbers.server.issued} issued, ${numbers.server.missing} missing, ${numbers.server.repeated} repeated`,
        `${numbers.baseline.issued} issued, ${numbers.baseline.missing} missing, ${numbers.baseline.repeated} repeated`,
        "",
        "1…n, no gaps",
        verdict(ok),
      ],
    );
  }
  if (r.storm)
    rows.push(
      [
        "`GET /rest/v1/events` during a sign-in storm (8 conn, bcrypt 12), 10 conn",
        rate(r.storm.during),
        `alone: ${rate(r.storm.alone)}`,
        `p99 × ${r.storm.factor}`,
        `p99 ≤ ${t.storm.p99Factor} × alone`,
        verdict(r.storm.factor <= t.storm.p99Factor),
      ],
      ["password sign-ins during that storm", rate(r.storm.signIns), "", "", "(bcrypt-bound)", ""],
    );
  if (r.sockets) {
    const h = r.sockets;
    rows.push([
      `${h.sockets} held realtime sockets, each joined, a heartbeat every 2 s`,
      `heartbeat p50 ${h.p50} / p99 ${h.p99} ms, ${h.dropped} dropped, ${h.kibPerSocket} KiB RSS per socket`,
      `bare \`ws\`: p99 ${h.baseline.p99} ms, ${h.baseline.kibPerSocket} KiB per socket`,
      `p99 × ${h.factor}`,
      `none dropped, p99 ≤ ${t.sockets.p99Factor} × bare`,
      verdict(h.dropped === 0 && h.sockets === t.sockets.count && h.factor <= t.sockets.p99Factor),
    ]);
  }
  if (r.fanout) {
    const f = r.fanout;
    rows.push([
      `a new event's INSERT to ${f.subscribers} postgres_changes subscribers, ${f.rounds} changes`,
      `commit → delivery p50 ${f.changes.p50} / p99 ${f.changes.p99} ms, ${f.changes.missed} missed`,
      `broadcast, send → delivery: p50 ${f.broadcast.p50} / p99 ${f.broadcast.p99} ms`,
      `p99 × ${f.factor}`,
      `none missed, p99 ≤ ${t.fanout.p99Factor} × broadcast`,
      verdict(f.changes.missed === 0 && f.broadcast.missed === 0 && f.factor <= t.fanout.p99Factor),
    ]);
  }
  if (r.royaltyImportDb) {
    const imp = r.royaltyImportDb;
    const growth = +(imp.rssMiB.peak - imp.rssMiB.before).toFixed(1);
    rows.push([
      `royalty import, ${imp.lines} lines (${imp.fileMiB} MiB) through the server`,
      `${imp.importMs} ms (${imp.linesPerSecond} lines/s), RSS peak +${growth} MiB`,
      `csv-parse alone: ${imp.baselineMs} ms`,
      `wall × ${imp.ratio}`,
      `< ${t.royaltyImportDb.seconds} s (RSS reported)`,
      verdict(imp.importMs < t.royaltyImportDb.seconds * 1000),
    ]);
  }
  rows.push(
    [
      "cold start to first `/health` 200",
      `median ${r.coldStartMs.median} ms, max ${r.coldStartMs.max} ms`,
      "",
      "",
      "< 1000 ms",
      verdict(r.coldStartMs.max < 1000),
    ],
    [
      "server RSS: started / warm / after the run",
      `${r.rssMiB.started} / ${r.rssMiB.warm} / ${r.rssMiB.end} MiB`,
      "",
      "",
      "(reported)",
      "",
    ],
  );
  const durable = engine === "postgres" && process.env.BENCH_PG_FSYNC === "on" ? ", fsync=on" : "";
  console.log(`\n${engine} (${DURATION} s per measurement${durable})`);
  printTable(["Scenario", "Server", "Baseline (same run)", "Ratio", "Target", "Result"], rows);
  const failed = [
    r.events?.server,
    r.crm?.server,
    r.embed?.server,
    r.invoiceIssue?.server,
    r.refresh?.server,
    r.contactInsert?.server,
    r.dealMove?.server,
    r.storm?.during,
    r.storm?.signIns,
  ].reduce((n, s) => n + (s?.failed ?? 0), 0);
  console.log(`non-2xx or failed requests: ${failed}`);
}

await runBench(async () => {
  const dir = tempDir("sms-bench-");
  const results = {
    machine: machine(),
    at: new Date().toISOString(),
    durationSeconds: DURATION,
    engines: {},
  };
  for (const engine of enginesToRun()) results.engines[engine] = await runEngine(engine, dir);
  if (runs("royaltyImport")) results.royaltyImport = await royaltyImport();
  for (const [engine, r] of Object.entries(results.engines)) report(engine, r);
  if (results.royaltyImport) reportRoyaltyImport(results.royaltyImport);
  console.log(`\nmachine: ${describeMachine(results.machine)}`);
  mkdirSync(join(root, "bench"), { recursive: true });
  writeFileSync(join(root, "bench", "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("wrote bench/results.json");
});
