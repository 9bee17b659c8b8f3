import type { Logger } from "pino";

/**
 * Work that must not delay, or show in, the answer to the request that caused it: an answer that only
 * returns after looking an address up and mailing it takes longer for a known address than for an
 * unknown one. Handlers do the checks that are the same for every address, enqueue the rest and answer;
 * the queue starts after the current turn of the event loop (the answer is written by then) and runs one
 * item at a time, in order. A failing item is logged and the next one runs.
 */
export interface WorkQueue {
  enqueue(name: string, task: () => unknown): void;
  /** Resolves once nothing is queued or running (for graceful shutdown, and the dev outbox). */
  whenIdle(): Promise<void>;
}

export function createWorkQueue(logger: Pick<Logger, "error">): WorkQueue {
  const tasks: { name: string; task: () => unknown }[] = [];
  const idleWaiters: (() => void)[] = [];
  let busy = false;

  async function step() {
    const next = tasks.shift();
    if (!next) {
      busy = false;
      for (const resolve of idleWaiters.splice(0)) resolve();
      return;
    }
    try {
      await next.task();
    } catch (err) {
      logger.error({ err, work: next.name }, "background work failed");
    }
    // One item per turn, so requests arriving meanwhile are served between items.
    setImmediate(step);
  }

  return {
    enqueue(name, task) {
      tasks.push({ name, task });
      if (busy) return;
      busy = true;
      setImmediate(step);
    },
    whenIdle() {
      if (!busy) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
