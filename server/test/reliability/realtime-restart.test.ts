import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createTokenSigner } from "../../src/modules/auth/jwt";
import { serverProcessEnv, TEST_SECRET, testServerConfig } from "../helpers";
import { eventually } from "../support/realtime";
import { PROCESS_TEST_TIMEOUT, type ServerProcess, startServerProcess } from "../support/server-process";

/**
 * A deployment restarts the server under its open sockets: stock realtime-js notices the drop, reconnects
 * to the new process on the same address, joins its channels again and hears what is sent there.
 */
let dir: string;
let env: Record<string, string>;
let server: ServerProcess;
let drop: () => Promise<void>;
const anonKey = createTokenSigner(TEST_SECRET).anonKey;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-restart-"));
  const config = await testServerConfig(dir);
  drop = config.drop;
  env = serverProcessEnv(config.databaseUrl);
  server = await startServerProcess(env);
}, PROCESS_TEST_TIMEOUT);
afterAll(async () => {
  await server?.stop();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

const broadcast = (n: number) =>
  fetch(`${server.base}/realtime/v1/api/broadcast`, {
    method: "POST",
    headers: { apikey: anonKey, "content-type": "application/json" },
    body: JSON.stringify({ messages: [{ topic: "studio-floor", event: "memo", payload: { n } }] }),
  });

it(
  "realtime-js rejoins its channel after the server restarts and hears broadcasts sent to the new process",
  async () => {
    const client = createClient(server.base, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // The app's own pace starts at 1 s; a test need not wait for it.
      realtime: { transport: WebSocket as never, reconnectAfterMs: () => 100 },
    });
    const statuses: string[] = [];
    const heard: number[] = [];
    client
      .channel("studio-floor")
      .on("broadcast", { event: "memo" }, ({ payload }) => heard.push(payload.n))
      .subscribe((status) => statuses.push(status));
    await eventually(() => (statuses.includes("SUBSCRIBED") ? true : undefined));
    expect((await broadcast(1)).status).toBe(202);
    await eventually(() => (heard.includes(1) ? true : undefined));

    const port = Number(new URL(server.base).port);
    await server.stop();
    await eventually(() => (statuses.some((s) => s !== "SUBSCRIBED") ? true : undefined));
    server = await startServerProcess(env, { port });

    await eventually(() => (statuses.at(-1) === "SUBSCRIBED" ? true : undefined), 20_000);
    expect(statuses.filter((s) => s === "SUBSCRIBED")).toHaveLength(2);
    expect((await broadcast(2)).status).toBe(202);
    await eventually(() => (heard.includes(2) ? true : undefined));
    expect(heard).toEqual([1, 2]);
    await client.removeAllChannels();
    client.realtime.disconnect();
  },
  PROCESS_TEST_TIMEOUT,
);
