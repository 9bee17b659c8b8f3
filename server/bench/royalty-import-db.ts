// A 200,000-line royalty statement imported through the running server (`POST /api/royalties/imports`)
// into its database: run by `pnpm bench` through suite.mjs once per engine, in a process of its own. It
// gives the catalogue the recordings the file sells, uploads the file, and times the import beside a
// baseline in the same run: reading and parsing the same file alone (csv-parse). While the import runs it
// samples the server's resident memory, which must not grow with the file (the server streams it).
import { createReadStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse";
import { answerParent } from "./lib/answer-parent";
import { BENCH_RECORDINGS, benchIsrc, writeDistroKidStatement } from "./lib/royalty-statement-file";

const LINES = Number(process.env.ROYALTY_LINES ?? 200_000);
const base = process.env.BENCH_BASE as string;
const pid = Number(process.env.BENCH_SERVER_PID);
const headers = {
  apikey: process.env.BENCH_ANON_KEY as string,
  authorization: `Bearer ${process.env.BENCH_TOKEN}`,
};

const rssMiB = () => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return kb ? Number(kb) / 1024 : 0;
};

async function rest(path: string, body: unknown) {
  const res = await fetch(`${base}/rest/v1/${path}`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", prefer: "return=representation" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string }[];
}

async function parseAlone(file: string) {
  const started = performance.now();
  let records = 0;
  for await (const _record of createReadStream(file).pipe(parse({ delimiter: "\t" }))) records += 1;
  if (records !== LINES + 1) throw new Error(`the baseline read ${records} records`);
  return performance.now() - started;
}

async function importThrough(file: string, sourceId: string, periodId: string) {
  const form = new FormData();
  form.set("source_id", sourceId);
  form.set("period_id", periodId);
  form.set("rate", "10.4523");
  form.set("file", await openAsBlob(file), "distrokid-bench.tsv");
  const before = rssMiB();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB());
  }, 100);
  const started = performance.now();
  const res = await fetch(`${base}/api/royalties/imports`, { method: "POST", headers, body: form });
  const ms = performance.now() - started;
  clearInterval(sampler);
  const body = (await res.json()) as { lines: number; matched: number; total_ore: number };
  if (res.status !== 201) throw new Error(`the import answered ${res.status}: ${JSON.stringify(body)}`);
  if (body.lines !== LINES) throw new Error(`the import counted ${body.lines} lines of ${LINES}`);
  return { ms, rssBefore: before, rssPeak: peak, matched: body.matched, totalOre: body.total_ore };
}

const dir = mkdtempSync(join(tmpdir(), "royalty-db-bench-"));
let result: Record<string, unknown>;
try {
  const file = join(dir, "distrokid.tsv");
  await writeDistroKidStatement(file, LINES);
  // The catalogue in bulk inserts within the table's page size.
  for (let from = 0; from < BENCH_RECORDINGS; from += 200)
    await rest(
      "recordings",
      Array.from({ length: Math.min(200, BENCH_RECORDINGS - from) }, (_, i) => ({
        title: `Bench recording ${from + i}`,
        isrc: benchIsrc(from + i),
      })),
    );
  const [source] = await rest("royalty_sources", {
    name: `Bench DistroKid ${Date.now()}`,
    kind: "distributor",
    mapping_key: "distrokid_tsv",
  });
  const [period] = await rest("royalty_periods", {
    name: "Bench half-year",
    starts_on: "2035-01-01",
    ends_on: "2035-06-30",
  });
  if (!source || !period) throw new Error("no source or period was created");
  const parseBefore = await parseAlone(file);
  const run = await importThrough(file, source.id, period.id);
  const parseAfter = await parseAlone(file);
  const baselineMs = Math.min(parseBefore, parseAfter);
  result = {
    lines: LINES,
    fileMiB: +(statSync(file).size / 2 ** 20).toFixed(1),
    importMs: Math.round(run.ms),
    linesPerSecond: Math.round(LINES / (run.ms / 1000)),
    baselineMs: Math.round(baselineMs),
    ratio: +(run.ms / baselineMs).toFixed(1),
    matched: run.matched,
    rssMiB: { before: +run.rssBefore.toFixed(1), peak: +run.rssPeak.toFixed(1) },
  };
} finally {
  rmSync(dir, { recursive: true, force: true });
}
answerParent(result);
