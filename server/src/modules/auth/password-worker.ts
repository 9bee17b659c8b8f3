import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import bcrypt from "bcrypt";

/** One bcrypt job at a time from password-threads.ts, on a thread below normal priority (see there). */
export interface PasswordJob {
  op: "hash" | "compare";
  password: string;
  arg: string | number;
}
export type PasswordOutcome = { result: string | boolean } | { error: string };

const { nice } = workerData as { nice: number };
try {
  // On Linux a thread's nice value is its own, set through its thread id; elsewhere it keeps the normal one.
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  setPriority(tid, nice);
} catch {}

const port = parentPort;
if (!port) throw new Error("password-worker runs on a worker thread");

port.on("message", ({ op, password, arg }: PasswordJob) => {
  let outcome: PasswordOutcome;
  try {
    outcome = {
      result: op === "hash" ? bcrypt.hashSync(password, arg) : bcrypt.compareSync(password, String(arg)),
    };
  } catch (err) {
    outcome = { error: String((err as Error)?.message ?? err) };
  }
  port.postMessage(outcome);
});
