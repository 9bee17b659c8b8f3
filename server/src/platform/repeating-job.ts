/**
 * A background job the server runs every so often (scheduled backups, payment reminders): started once
 * it listens, never keeping the process alive on its own, and stopped on shutdown after the run under
 * way (which `running` answers) has finished.
 */
export function repeatingJob(everyMs: number, run: () => Promise<unknown>, running: () => unknown) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer = setInterval(() => void run(), everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running();
    },
  };
}
