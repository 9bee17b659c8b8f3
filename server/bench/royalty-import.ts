// The royalty import's engines on a 200,000-line DistroKid-style file, in a process of its own (run by
// `pnpm bench` through suite.mjs, or alone: `pnpm --filter @app/server exec tsx --expose-gc
// bench/royalty-import.ts`). It reads the file streaming through sniffing, parsing, the column mapping,
// conversion to öre and allocation among payees, then closes the period, and times that beside a baseline
// in the same run: csv-parse alone over the same bytes. It also takes the heap after a full GC at a quarter
// of the lines and at the end, which must not grow with the file.
import { createReadStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DISTROKID_TSV_MAPPING } from "@app/contracts";
import { parse } from "csv-parse";
import { allocateLine, type PayeeShare } from "../src/modules/royalties/allocation/allocate-line";
import { closePeriod, type EarningEntry } from "../src/modules/royalties/allocation/close-period";
import { readRoyaltyStatement } from "../src/modules/royalties/import/read-royalty-statement";
import { answerParent } from "./lib/answer-parent";
import {
  BENCH_RECORDINGS,
  BENCH_RELEASES,
  benchIsrc,
  benchUpc,
  writeDistroKidStatement,
} from "./lib/royalty-statement-file";

const LINES = Number(process.env.ROYALTY_LINES ?? 200_000);
const ROUNDS = 2;

/** Master payees per recording: two to four of six payees, shares in basis points, fees 0–25 %. */
function catalogue() {
  const splits = new Map<string, PayeeShare[]>();
  const payees = ["artist-a", "artist-b", "producer-c", "producer-d", "label-e", "mixer-f"];
  const splitFor = (n: number): PayeeShare[] => {
    const count = 2 + (n % 3);
    return Array.from({ length: count }, (_, i) => ({
      payee_id: payees[(n + i) % payees.length] as string,
      share_bp: i === 0 ? 10_000 - 2500 * (count - 1) : 2500,
      fee_bp: (i * 500) % 2500,
    }));
  };
  for (let n = 0; n < BENCH_RECORDINGS; n++) splits.set(benchIsrc(n), splitFor(n));
  for (let n = 0; n < BENCH_RELEASES; n++) splits.set(benchUpc(n), splitFor(n + 1));
  return splits;
}

const heapMiB = () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 2; i++) gc?.();
  return +(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1);
};

/** CPU milliseconds (user + system) since `since`: steadier than wall time on a shared machine. */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function baseline(file: string) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let records = 0;
  for await (const _record of createReadStream(file).pipe(parse({ delimiter: "\t" }))) records += 1;
  return { ms: performance.now() - started, cpuMs: cpuMs(cpu), records };
}

async function pipeline(file: string, splits: Map<string, PayeeShare[]>) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const reading = await readRoyaltyStatement(createReadStream(file), DISTROKID_TSV_MAPPING, {
    rates: { USD: "10.4523" },
  });
  // Entries are summed per payee, recording and right as they come: the period's close needs only those.
  const entries = new Map<string, EarningEntry>();
  let suspense = 0;
  let lines = 0;
  let heapAtQuarter = 0;
  for await (const line of reading.lines()) {
    lines += 1;
    if (lines === Math.floor(LINES / 4)) heapAtQuarter = heapMiB();
    const item = line.isrc ?? line.upc ?? "";
    const split = splits.get(item);
    if (!split) {
      suspense += line.amount_ore;
      continue;
    }
    for (const part of allocateLine(line.amount_ore, split)) {
      const key = `${part.payee_id}|${item}`;
      const entry = entries.get(key);
      if (entry) {
        entry.gross_ore += part.gross_ore;
        entry.fee_ore += part.fee_ore;
        entry.net_ore += part.net_ore;
      } else entries.set(key, { ...part, source_id: "distrokid", item_id: item, right: "master" });
    }
  }
  const statements = closePeriod({
    period_index: 1,
    openings: [],
    terms: [{ payee_id: "artist-a", reserve_bp: 1000, reserve_periods: 2 }],
    advances: [{ payee_id: "producer-c", amount_ore: 5_000_000 }],
    earnings: [...entries.values()],
  });
  const ms = performance.now() - started;
  const cpuSpent = cpuMs(cpu);
  const summary = reading.summary();
  const allocated = statements.reduce((sum, s) => sum + s.gross_ore, 0);
  if (allocated + suspense !== summary.total_ore)
    throw new Error(`allocation lost money: ${allocated} + ${suspense} ≠ ${summary.total_ore} öre`);
  if (summary.lines !== LINES) throw new Error(`read ${summary.lines} lines of ${LINES}`);
  return {
    ms,
    cpuMs: cpuSpent,
    heapAtQuarter,
    heapAtEnd: heapMiB(),
    totalOre: summary.total_ore,
    suspenseOre: suspense,
  };
}

const dir = mkdtempSync(join(tmpdir(), "royalty-bench-"));
let result: Record<string, unknown>;
try {
  const file = join(dir, "distrokid.tsv");
  await writeDistroKidStatement(file, LINES);
  const splits = catalogue();
  // Interleaved rounds, each side keeping its best, so warm-up and drift hit both alike.
  let bare: Awaited<ReturnType<typeof baseline>> | undefined;
  let full: Awaited<ReturnType<typeof pipeline>> | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const b = await baseline(file);
    if (b.records !== LINES + 1) throw new Error(`the baseline read ${b.records} records`);
    if (!bare || b.ms < bare.ms) bare = b;
    const f = await pipeline(file, splits);
    if (!full || f.ms < full.ms) full = f;
  }
  if (!bare || !full) throw new Error("no rounds ran");
  result = {
    lines: LINES,
    fileMiB: +(statSync(file).size / 2 ** 20).toFixed(1),
    baselineMs: Math.round(bare.ms),
    pipelineMs: Math.round(full.ms),
    ratio: +(full.ms / bare.ms).toFixed(2),
    baselineCpuMs: Math.round(bare.cpuMs),
    pipelineCpuMs: Math.round(full.cpuMs),
    cpuRatio: +(full.cpuMs / bare.cpuMs).toFixed(2),
    heapMiB: { quarter: full.heapAtQuarter, end: full.heapAtEnd },
    totalOre: full.totalOre,
    suspenseOre: full.suspenseOre,
  };
} finally {
  rmSync(dir, { recursive: true, force: true });
}
answerParent(result);
