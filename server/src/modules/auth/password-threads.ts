import type { Worker } from "node:worker_threads";
import { startWorkerModule } from "../../worker-module";
import type { PasswordJob, PasswordOutcome } from "./password-worker";

/**
 * Password hashing on worker threads of their own, below normal CPU priority. bcrypt is slow on purpose,
 * and a burst of sign-ins (or a guessing attack) would otherwise take the cores every other request needs:
 * at a lower priority the checks get whatever the requests leave and wait for the rest, so a sign-in storm
 * slows sign-ins, not the site. On Linux a thread's nice value is its own; elsewhere the threads keep the
 * normal priority and still run off the event loop.
 */
const NICE = 10;

type Pending = PasswordJob & { resolve(value: unknown): void; reject(err: Error): void };

/** `size` threads, each running one job at a time; jobs beyond that wait in order. */
export function createPasswordThreads(size: number) {
  const idle: Worker[] = [];
  const queue: Pending[] = [];
  let started = 0;

  function start() {
    started += 1;
    return startWorkerModule("password-worker", import.meta.url, { workerData: { nice: NICE } });
  }

  function run(worker: Worker, job: Pending) {
    const settle = (outcome: PasswordOutcome) => {
      worker.off("error", crashed);
      if ("error" in outcome) job.reject(new Error(outcome.error));
      else job.resolve(outcome.result);
      const next = queue.shift();
      if (next) return run(worker, next);
      // An idle thread must not keep the process alive (the CLI exits once its work is done).
      worker.unref();
      idle.push(worker);
    };
    // A thread that dies takes only its own job with it; the next job starts a fresh one.
    const crashed = (err: Error) => {
      worker.off("message", settle);
      started -= 1;
      job.reject(err);
      const next = queue.shift();
      if (next) run(start(), next);
    };
    worker.ref();
    worker.once("message", settle);
    worker.once("error", crashed);
    worker.postMessage({ op: job.op, password: job.password, arg: job.arg });
  }

  function submit<T>(job: PasswordJob): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = { ...job, resolve: resolve as (v: unknown) => void, reject };
      const worker = idle.pop() ?? (started < size ? start() : undefined);
      if (worker) run(worker, pending);
      else queue.push(pending);
    });
  }

  return {
    hash: (password: string, cost: number) => submit<string>({ op: "hash", password, arg: cost }),
    compare: (password: string, hash: string) => submit<boolean>({ op: "compare", password, arg: hash }),
  };
}

export type PasswordThreads = ReturnType<typeof createPasswordThreads>;
