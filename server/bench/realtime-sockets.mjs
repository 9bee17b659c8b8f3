// Held realtime sockets, in a process of its own (the load must not share the measured server's or the
// suite's event loop): opens BENCH_SOCKETS websockets on BENCH_WS, joins each to one of a few channels as
// realtime-js does, then sends every socket's heartbeat at a steady pace for BENCH_SECONDS and answers
// the round trips' percentiles, how many sockets were dropped, and (with BENCH_SERVER_PID) the server's
// resident memory per held socket. With BENCH_SAY_OPEN set, it first tells the parent once every socket is
// joined (the soak measures the server's heap then).

import WebSocket from "ws";
import { rssMiB } from "./lib/harness.mjs";

const url = process.env.BENCH_WS;
const count = Number(process.env.BENCH_SOCKETS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const serverPid = process.env.BENCH_SERVER_PID ? Number(process.env.BENCH_SERVER_PID) : undefined;
/** Each socket's heartbeat every 2 s: realtime-js sends one per 25 s, so this is a dozen times the load. */
const HEARTBEAT_EVERY_MS = 2_000;
/** Sockets opened at once: a page of clients arriving together, not a thousand in one instant. */
const OPEN_BATCH = 50;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function open(index) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const pending = new Map();
    let ref = 0;
    const send = (topic, event, payload) => {
      ref += 1;
      const key = String(ref);
      socket.send(
        JSON.stringify({ topic, event, payload, ref: key, join_ref: event === "phx_join" ? key : null }),
      );
      return new Promise((done) => pending.set(key, { done, sentAt: performance.now() }));
    };
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data));
      const waiter = frame.event === "phx_reply" ? pending.get(frame.ref) : undefined;
      if (!waiter) return;
      pending.delete(frame.ref);
      waiter.done({ ms: performance.now() - waiter.sentAt, status: frame.payload?.status });
    });
    socket.once("error", reject);
    socket.once("open", async () => {
      const joined = await send(`realtime:bench-${index % 20}`, "phx_join", {
        config: {
          broadcast: { self: false, ack: false },
          presence: { key: "" },
          postgres_changes: [],
          private: false,
        },
      });
      if (joined.status !== "ok") reject(new Error(`join refused: ${JSON.stringify(joined)}`));
      else resolve({ socket, heartbeat: () => send("phoenix", "heartbeat", {}) });
    });
  });
}

const rssBefore = serverPid ? rssMiB(serverPid) : null;
const openedAt = performance.now();
const clients = [];
for (let i = 0; i < count; i += OPEN_BATCH) {
  const batch = [];
  for (let j = i; j < Math.min(count, i + OPEN_BATCH); j++) batch.push(open(j));
  clients.push(...(await Promise.all(batch)));
}
const openMs = performance.now() - openedAt;
if (process.env.BENCH_SAY_OPEN && process.send) process.send({ opened: clients.length });
let dropped = 0;
for (const { socket } of clients) socket.on("close", () => (dropped += 1));

const rounds = [];
const until = performance.now() + seconds * 1000;
const spacing = HEARTBEAT_EVERY_MS / clients.length;
const beats = [];
while (performance.now() < until) {
  const started = performance.now();
  for (let i = 0; i < clients.length; i++) {
    const due = started + i * spacing;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (clients[i].socket.readyState === WebSocket.OPEN)
      beats.push(clients[i].heartbeat().then((r) => rounds.push(r.ms)));
  }
}
await Promise.all(beats);
const rssHeld = serverPid ? rssMiB(serverPid) : null;
for (const { socket } of clients) socket.close();

const sorted = rounds.sort((a, b) => a - b);
const result = {
  sockets: clients.length,
  openMs: Math.round(openMs),
  heartbeats: sorted.length,
  p50: +percentile(sorted, 50).toFixed(2),
  p99: +percentile(sorted, 99).toFixed(2),
  dropped,
  ...(rssBefore !== null && rssHeld !== null
    ? {
        rssBeforeMiB: rssBefore,
        rssHeldMiB: rssHeld,
        kibPerSocket: Math.round(((rssHeld - rssBefore) * 1024) / clients.length),
      }
    : {}),
};
if (process.send) {
  process.send(result);
  process.disconnect();
} else console.log(JSON.stringify(result, null, 2));
