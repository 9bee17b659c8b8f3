import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { createTokenSigner } from "../../src/modules/auth/jwt";
import { serverProcessEnv, TEST_SECRET, testServerConfig } from "../helpers";
import { disconnectAll, eventually, realtimeClient, subscribe } from "../support/realtime";
import { PROCESS_TEST_TIMEOUT, type ServerProcess, startServerProcess } from "../support/server-process";

/**
 * Two server processes on one database are one realtime service: a broadcast or a presence on node A
 * reaches the members of the same channel on node B, once, and a node that dies takes its presences
 * with it within its lease.
 */
let dir: string;
let a: ServerProcess;
let b: ServerProcess;
let drop: () => Promise<void>;
const anonKey = createTokenSigner(TEST_SECRET).anonKey;
const clients: SupabaseClient[] = [];
/** Short, so a killed node's presences leave within a few seconds. */
const LEASE_SECONDS = 2;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sms-relay-"));
  const server = await testServerConfig(dir);
  drop = server.drop;
  const env = serverProcessEnv(server.databaseUrl, { REALTIME_NODE_LEASE_SECONDS: String(LEASE_SECONDS) });
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, PROCESS_TEST_TIMEOUT);
afterEach(() => disconnectAll(clients));
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

async function client(node: ServerProcess) {
  const made = await realtimeClient(node.base, anonKey);
  clients.push(made);
  return made;
}

/** A channel on `node` that records the payloads of its `event` broadcasts. */
async function listening(node: ServerProcess, topic: string, config: Record<string, unknown> = {}) {
  const heard: unknown[] = [];
  const channel = (await client(node))
    .channel(topic, { config })
    .on("broadcast", { event: "memo" }, ({ payload }) => heard.push(payload));
  expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
  return { channel, heard };
}

/** A subscribed channel on `node` with presence under `key`; the keys it hears leave go to `left`. */
async function present(
  node: ServerProcess,
  topic: string,
  key: string,
  on = client(node),
  left: string[] = [],
) {
  const channel = (await on).channel(topic, { config: { presence: { key } } });
  channel.on("presence", { event: "leave" }, ({ key }) => left.push(key));
  expect((await subscribe(channel)).status).toBe("SUBSCRIBED");
  return channel;
}

const metasOf = (state: Record<string, unknown[]>, key: string) =>
  (state[key] ?? []).map((m) => (m as { status: string }).status);

it("a socket's broadcast on one node reaches the other node's members once, with self and ack", async () => {
  const selfSender = await listening(a, "mix-room", { broadcast: { self: true, ack: true } });
  // Acknowledged too, so its message is sent (and relayed) before the next one.
  const quietSender = await listening(a, "mix-room", { broadcast: { ack: true } });
  const onB = await listening(b, "mix-room");

  expect(await selfSender.channel.send({ type: "broadcast", event: "memo", payload: { n: 1 } })).toBe("ok");
  expect(await quietSender.channel.send({ type: "broadcast", event: "memo", payload: { n: 2 } })).toBe("ok");
  // A third message after them: once node B has it, it has had (and not doubled) the two before.
  await selfSender.channel.send({ type: "broadcast", event: "memo", payload: { n: 3 } });
  await eventually(() => (onB.heard.length >= 3 && selfSender.heard.length >= 3 ? true : undefined));
  await eventually(() => (quietSender.heard.length >= 2 ? true : undefined));
  expect(onB.heard).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  expect(selfSender.heard).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  // Without self, the sender never hears its own message.
  expect(quietSender.heard).toEqual([{ n: 1 }, { n: 3 }]);
});

it("an HTTP broadcast sent to one node reaches the members on both, past NOTIFY's 8 kB too", async () => {
  const onA = await listening(a, "front-desk");
  const onB = await listening(b, "front-desk");
  const large = { n: 8, notes: "Ö".repeat(20_000) };
  const res = await fetch(`${a.base}/realtime/v1/api/broadcast`, {
    method: "POST",
    headers: { apikey: anonKey, "content-type": "application/json" },
    body: JSON.stringify({
      messages: [
        { topic: "front-desk", event: "memo", payload: { n: 7 } },
        { topic: "front-desk", event: "memo", payload: large },
      ],
    }),
  });
  expect(res.status).toBe(202);
  await eventually(() => (onA.heard.length >= 2 && onB.heard.length >= 2 ? true : undefined));
  expect(onB.heard).toEqual([{ n: 7 }, large]);
  expect(onA.heard).toEqual([{ n: 7 }, large]);
});

it("presence is one state across the nodes: tracks, late joins and untracks", async () => {
  const anna = await present(a, "deal-42", "anna");
  await anna.track({ status: "editing" });

  // Node B's member joins after the track: its first state already holds node A's presence.
  const ben = await present(b, "deal-42", "ben");
  await eventually(() => (ben.presenceState().anna ? true : undefined));
  expect(metasOf(ben.presenceState(), "anna")).toEqual(["editing"]);

  await ben.track({ status: "viewing" });
  await eventually(() => (anna.presenceState().ben ? true : undefined));
  expect(metasOf(anna.presenceState(), "ben")).toEqual(["viewing"]);

  // A second track replaces the first, everywhere.
  await anna.track({ status: "saving" });
  await eventually(() => (metasOf(ben.presenceState(), "anna")[0] === "saving" ? true : undefined));
  expect(metasOf(ben.presenceState(), "anna")).toEqual(["saving"]);

  await anna.untrack();
  await eventually(() => (ben.presenceState().anna ? undefined : true));
  expect(Object.keys(ben.presenceState())).toEqual(["ben"]);
  expect(Object.keys(anna.presenceState())).toEqual(["ben"]);
});

it("a socket that closes takes its presence off the other node", async () => {
  const leaving = client(a);
  const anna = await present(a, "deal-43", "anna", leaving);
  await anna.track({ status: "editing" });
  const ben = await present(b, "deal-43", "ben");
  await eventually(() => (ben.presenceState().anna ? true : undefined));

  (await leaving).realtime.disconnect();
  await eventually(() => (ben.presenceState().anna ? undefined : true));
});

it(
  "a killed node's presences leave the other node within its lease",
  async () => {
    const anna = await present(a, "deal-44", "anna");
    await anna.track({ status: "editing" });
    const left: string[] = [];
    const ben = await present(b, "deal-44", "ben", client(b), left);
    await eventually(() => (ben.presenceState().anna ? true : undefined));

    a.child.kill("SIGKILL");
    // The lease runs out after LEASE_SECONDS and node B looks every third of it; the rest is slack
    // for a machine whose cores the suites share.
    await eventually(() => (ben.presenceState().anna ? undefined : true), (LEASE_SECONDS + 8) * 1000);
    expect(left).toEqual(["anna"]);
    expect(Object.keys(ben.presenceState())).toEqual([]);
  },
  PROCESS_TEST_TIMEOUT,
);
