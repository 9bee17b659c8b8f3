import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { createLogger } from "../src/http/logger";
import { KEEP_ALIVE_MS, startServer } from "../src/server";
import { testServerConfig } from "./helpers";

/** One GET through `agent`; resolves with the socket it used once the answer has been read. */
function get(url: string, agent: Agent) {
  return new Promise<import("node:net").Socket>((resolve, reject) => {
    const req = request(`${url}/health`, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(req.socket as import("node:net").Socket));
    });
    req.on("error", reject);
    req.end();
  });
}

it("keeps idle connections longer than a proxy would, and still closes them at once on shutdown", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sms-keep-alive-"));
  const { config, drop } = await testServerConfig(dir, { PORT: "0", SEED_DEMO: "false" });
  const running = await startServer(config, createLogger("silent"));
  const agent = new Agent({ keepAlive: true });
  try {
    // Longer than the 60 s idle timeout of the usual load balancers, and headers get their own limit.
    expect(running.server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(running.server.headersTimeout).toBeGreaterThan(KEEP_ALIVE_MS);

    const first = await get(running.url, agent);
    const second = await get(running.url, agent);
    expect(second).toBe(first);
    const closed = new Promise<void>((resolve) => first.once("close", () => resolve()));
    await running.close();
    await closed;
    expect(first.destroyed).toBe(true);
  } finally {
    agent.destroy();
    await running.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
