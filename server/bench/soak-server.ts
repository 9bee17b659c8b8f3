// The real server in a child process that reports its heap after a full GC and its RSS (for the soak only).
import { loadConfig } from "../src/config";
import { startServer } from "../src/server";

const running = await startServer(loadConfig());
process.send?.({ type: "ready", url: running.url });
process.on("message", async (msg: { type: string }) => {
  if (msg.type === "heap") {
    const gc = (globalThis as { gc?: () => void }).gc;
    for (let i = 0; i < 3; i++) gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    process.send?.({ type: "heap", heapUsed, rss });
  }
  if (msg.type === "stop") {
    await running.close();
    process.exit(0);
  }
});
