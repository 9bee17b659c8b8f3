// A throwaway PostgreSQL cluster for the server tests: Debian's `postgresql` package (installed with apt
// when missing and we are root), initdb into a temporary folder, a free loopback port, no Docker, no network.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DEBIAN_ROOT = "/usr/lib/postgresql";

/** The newest installed server's bin folder (PG_BIN wins), or undefined. */
function findPostgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((v) => existsSync(join(DEBIAN_ROOT, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(DEBIAN_ROOT, versions[0], "bin") : undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** Installs Debian's postgresql with apt when it is missing and we are root; otherwise says what to do. */
export function ensurePostgres() {
  const found = findPostgresBin();
  if (found) return found;
  if (isRoot() && existsSync("/usr/bin/apt-get")) {
    console.log("> installing Debian's postgresql for the PostgreSQL test run");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const args of [
      ["update", "-qq"],
      ["install", "-y", "-qq", "postgresql"],
    ]) {
      const res = spawnSync("apt-get", args, { stdio: "inherit", env });
      if (res.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
    }
    const installed = findPostgresBin();
    if (installed) return installed;
  }
  throw new Error(
    "No PostgreSQL server found for the PostgreSQL test run. Install it (Debian: apt-get install postgresql), " +
      "set PG_BIN to its bin folder, or point PG_TEST_URL at a server of your own.",
  );
}

/** The locale the suites create a database in to check that text order does not follow the locale. */
export const TEST_LOCALE = "en_US.UTF-8";

const hasLocale = (name) => {
  const res = spawnSync("locale", ["-a"], { encoding: "utf8" });
  const wanted = name.toLowerCase().replace("-", "");
  return (
    res.status === 0 && res.stdout.split("\n").some((l) => l.trim().toLowerCase().replace("-", "") === wanted)
  );
};

/** Installs Debian's locales-all when TEST_LOCALE is missing and we are root, as for postgresql itself. */
function ensureTestLocale() {
  if (hasLocale(TEST_LOCALE)) return;
  if (isRoot() && existsSync("/usr/bin/apt-get")) {
    console.log(`> installing Debian's locales-all for a ${TEST_LOCALE} test database`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const args of [
      ["update", "-qq"],
      ["install", "-y", "-qq", "locales-all"],
    ]) {
      const res = spawnSync("apt-get", args, { stdio: "inherit", env });
      if (res.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
    }
    if (hasLocale(TEST_LOCALE)) return;
  }
  throw new Error(
    `The PostgreSQL test run needs the ${TEST_LOCALE} locale. Install it (Debian: apt-get install locales-all).`,
  );
}

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

/** PostgreSQL refuses to run as root: as root, its binaries run as the `postgres` system user. */
function runAsOwner(bin, args) {
  const quoted = [join(bin, args[0]), ...args.slice(1)]
    .map((a) => `'${a.replaceAll("'", "'\\''")}'`)
    .join(" ");
  const res = isRoot()
    ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { encoding: "utf8" })
    : spawnSync(join(bin, args[0]), args.slice(1), { encoding: "utf8" });
  if (res.status !== 0) {
    throw new Error(`${args[0]} failed (${res.status ?? res.signal}):\n${res.stdout}\n${res.stderr}`);
  }
}

/**
 * C.UTF-8 orders text by code point, as SQLite does, and still folds case across Unicode for ILIKE.
 * Starts a fresh cluster on a free loopback port and answers its URL and a stop function. The data
 * folder goes when it stops. fsync is off: the cluster lives only as long as the test run. With
 * `durable`, commits wait for the disk as a production server's do (the benchmark's fsync=on figures).
 */
export async function startThrowawayPostgres({ durable = false } = {}) {
  const bin = ensurePostgres();
  // The server reads the operating system's locales when a database is created, so they come first.
  ensureTestLocale();
  const dir = mkdtempSync(join(tmpdir(), "sms-pg-"));
  // The postgres user must be able to enter the folder it owns data and its socket in.
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const port = await freePort();
  runAsOwner(bin, [
    "initdb",
    "-D",
    data,
    "-A",
    "trust",
    "-U",
    "postgres",
    "--no-sync",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
  ]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    ...(durable
      ? ["-c fsync=on", "-c synchronous_commit=on", "-c full_page_writes=on"]
      : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
    "-c max_connections=200",
  ].join(" ");
  runAsOwner(bin, ["pg_ctl", "-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "start"]);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runAsOwner(bin, ["pg_ctl", "-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
