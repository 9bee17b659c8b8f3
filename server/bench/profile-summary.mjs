// Where a measured server's CPU went: `node bench/profile-summary.mjs <file.cpuprofile>` (a profile that
// BENCH_PROFILE wrote) prints how busy the main thread was each second, then its busy time by where the
// code comes from (the bundle's source maps name the original file), and the heaviest functions of our own.
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

const file = process.argv[2];
if (!file) throw new Error("usage: node bench/profile-summary.mjs <file.cpuprofile> [top functions]");
const top = Number(process.argv[3] ?? 12);
const profile = JSON.parse(readFileSync(file, "utf8"));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));

const maps = new Map();
function originalSource({ url, lineNumber, columnNumber }) {
  if (!url.startsWith("file://")) return url || "(native)";
  if (!maps.has(url)) {
    const mapFile = `${fileURLToPath(url)}.map`;
    maps.set(url, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))) : null);
  }
  const entry = maps.get(url)?.findEntry(lineNumber, columnNumber);
  const source = entry?.originalSource ?? url;
  const pkg = source.match(/node_modules\/\.pnpm\/([^/]+)/);
  if (pkg) return `package ${pkg[1]}`;
  // The bundle's maps name the server's files from dist/ (../src/…), the workspace packages' by their path.
  return source
    .replace(/^(\.\.\/)+src\//, "server/src/")
    .replace(/^.*?\/(server|contracts)\/src\//, "$1/src/");
}

/** Libraries grouped by the part of a request they serve; the first pattern that matches names it. */
const GROUPS = [
  [
    "Express and its parsers",
    /package (express|body-parser|router|qs|send|finalhandler|path-to-regexp|raw-body|type-is|accepts|negotiator|content-type|on-finished|parseurl|media-typer|mime)@/,
  ],
  ["Kysely", /package kysely@/],
  ["database driver (JavaScript)", /package (better-sqlite3|pg|pg-protocol|pg-types|pg-pool)@/],
  ["zod and ts-rest", /package (zod|@ts-rest)/],
  ["access log (pino)", /package (pino|sonic-boom|thread-stream|pino-std-serializers)@/],
  ["JWT", /package (jsonwebtoken|jws|jwa)@/],
  ["other libraries", /^package /],
  ["our code", /^(server|contracts)\/src\//],
  ["Node's HTTP, streams and sockets", /^node:(_http|net|stream|internal\/(http|streams|stream_base))/],
  ["Node's other internals", /^node:/],
];
const groupOf = (source, fn) => {
  if (fn === "(garbage collector)") return "garbage collector";
  if (source === "(native)") return /^write|^read/.test(fn) ? "socket reads and writes" : `native: ${fn}`;
  return GROUPS.find(([, pattern]) => pattern.test(source))?.[0] ?? source;
};

const perSecond = new Map();
const groups = new Map();
const ours = new Map();
let elapsed = 0;
let busy = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  elapsed += delta;
  const second = Math.floor(elapsed / 1e6);
  const bucket = perSecond.get(second) ?? { busy: 0, all: 0 };
  bucket.all += delta;
  perSecond.set(second, bucket);
  const frame = nodes.get(id).callFrame;
  if (frame.functionName === "(idle)") return;
  bucket.busy += delta;
  busy += delta;
  const source = originalSource(frame);
  const group = groupOf(source, frame.functionName);
  groups.set(group, (groups.get(group) ?? 0) + delta);
  if (group === "our code") {
    const key = `${frame.functionName || "(anonymous)"} ${source}`;
    ours.set(key, (ours.get(key) ?? 0) + delta);
  }
});

const share = (t) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
const byTime = (m) => [...m].sort((a, b) => b[1] - a[1]);
console.log("main thread busy, % of each second:");
console.log(
  [...perSecond].map(([s, b]) => `${s}:${Math.round((100 * b.busy) / Math.max(b.all, 1))}`).join(" "),
);
console.log(
  `\nbusy ${Math.round(busy / 1000)} ms of ${Math.round(elapsed / 1000)} ms, by where the code comes from:`,
);
for (const [group, t] of byTime(groups).slice(0, 14)) console.log(`${share(t)}  ${group}`);
console.log("\nheaviest functions of our own (self time):");
for (const [fn, t] of byTime(ours).slice(0, top)) console.log(`${share(t)}  ${fn}`);
