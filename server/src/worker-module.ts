import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Starts the worker module `name` that sits beside the calling module (`caller` is its import.meta.url).
 *
 * From the bundle, the worker is the built `<name>.js`: build.mjs makes every worker an entry point of
 * its own and writes every output (entries and shared chunks) into the one dist folder, so it sits beside
 * whichever output file the caller ended up in. From source (tsx, vitest) the caller is a `.ts` file and
 * so is the worker, which Node 20 cannot load by itself: typescript-worker.mjs registers tsx's loader on
 * the new thread first.
 */
export function startWorkerModule(name: string, caller: string, options: WorkerOptions = {}): Worker {
  if (!caller.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, caller), options);
  return new Worker(new URL("./typescript-worker.mjs", import.meta.url), {
    ...options,
    argv: [new URL(`./${name}.ts`, caller).href],
  });
}
