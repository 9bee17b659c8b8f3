import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { serverBundle } from "../../../scripts/lib/server-bundle.mjs";

const serverDir = join(import.meta.dirname, "..", "..");

/**
 * Ports for server processes come from below the kernel's ephemeral range (which starts at 32768 on
 * Linux), in a block of this test process's own: a port freed here and taken by the child a moment later
 * is then never handed meanwhile to an in-process `listen(0)` server or another test process's child, one
 * of which would answer the child's health check in its place.
 */
const PORT_BLOCK = 16;
const PORT_BASE = 12_000 + (process.pid % 1_000) * PORT_BLOCK;
let nextPort = 0;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORT_BLOCK; tries++) {
    const port = PORT_BASE + (nextPort++ % PORT_BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${PORT_BASE}–${PORT_BASE + PORT_BLOCK - 1}`);
}

const START_WAIT_MS = 90_000;

/**
 * The budget of a test that runs the server or the CLI in processes of its own: each start loads the
 * bundle and opens the database, well under a second on a quiet machine but several times that while the
 * suites share two cores, so the suite's default budget would call a slow start a failure.
 */
export const PROCESS_TEST_TIMEOUT = 180_000;

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/**
 * The real server in its own process, as a deployment runs it (the bundle `npm start` runs, which the
 * suites' global setup keeps up to date); resolves once /health is 200.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** A restart's port: the one the stopped process listened on, so its clients find the new one. */
  { port: reusedPort }: { port?: number } = {},
): Promise<ServerProcess> {
  const port = reusedPort ?? (await freePort());
  const child = spawn(process.execPath, ["--enable-source-maps", serverBundle.main], {
    cwd: serverDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      ...env,
      PORT: String(port),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  // A readiness wait, not a timing assertion: a start takes many times longer while the suites share two
  // cores than alone.
  const deadline = Date.now() + START_WAIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server process exited before it was ready (${child.exitCode ?? child.signalCode})`,
      );
    }
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, base, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`the server process did not answer /health within ${START_WAIT_MS / 1000} s`);
}
