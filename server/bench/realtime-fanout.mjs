// Change fan-out, in a process of its own: BENCH_SUBSCRIBERS sockets on BENCH_WS join one channel that
// listens for new published events (postgres_changes, as the anonymous key: the public table's policy
// decides per subscriber) and for a broadcast. A staff writer then inserts events one at a time; each
// subscriber's delay is its receipt time minus the change's commit_timestamp. The same-run baseline is a
// broadcast to the same sockets through the same server (HTTP send to delivery), which has no capture,
// log or policy step. Answers both delays' percentiles and the deliveries missed.
import WebSocket from "ws";

const { BENCH_WS: wsUrl, BENCH_BASE: base, BENCH_ANON_KEY: anonKey, BENCH_TOKEN: token } = process.env;
const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 100);
/** Changes and broadcasts sent, one at a time, each once every subscriber had the one before. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const TOPIC = "realtime:fanout";
const ROUND_WAIT_MS = 5_000;

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;

/** Per round key, the subscribers that have it and their delays. */
const arrivals = new Map();
function arrived(key, ms) {
  const entry = arrivals.get(key) ?? { count: 0, delays: [] };
  entry.count += 1;
  entry.delays.push(ms);
  arrivals.set(key, entry);
}

function subscribe() {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl);
    socket.once("error", reject);
    socket.on("message", (data) => {
      const now = Date.now();
      const frame = JSON.parse(String(data));
      if (frame.event === "phx_reply" && frame.ref === "1") {
        if (frame.payload?.status === "ok") resolve(socket);
        else reject(new Error(`join refused: ${JSON.stringify(frame.payload)}`));
      } else if (frame.event === "postgres_changes") {
        const change = frame.payload?.data;
        arrived(`change:${change?.record?.title}`, now - Date.parse(change?.commit_timestamp));
      } else if (frame.event === "broadcast") {
        const { key, sentAt } = frame.payload?.payload ?? {};
        arrived(`broadcast:${key}`, now - sentAt);
      }
    });
    socket.once("open", () =>
      socket.send(
        JSON.stringify({
          topic: TOPIC,
          event: "phx_join",
          ref: "1",
          join_ref: "1",
          payload: {
            config: {
              broadcast: { self: false, ack: false },
              presence: { key: "" },
              postgres_changes: [{ event: "INSERT", schema: "public", table: "events" }],
              private: false,
            },
          },
        }),
      ),
    );
  });
}

async function waitForAll(key) {
  const until = Date.now() + ROUND_WAIT_MS;
  while ((arrivals.get(key)?.count ?? 0) < subscribers && Date.now() < until)
    await new Promise((r) => setTimeout(r, 2));
}

async function post(path, body, bearer) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { apikey: anonKey, authorization: `Bearer ${bearer}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

const sockets = [];
for (let i = 0; i < subscribers; i += 25)
  sockets.push(...(await Promise.all(Array.from({ length: Math.min(25, subscribers - i) }, subscribe))));

const run = `${Date.now().toString(36)}`;
for (let k = 0; k < ROUNDS; k++) {
  const title = `Fan-out ${run} ${k}`;
  await post("/rest/v1/events", { title, published: true, event_date: "2027-01-15T19:00:00Z" }, token);
  await waitForAll(`change:${title}`);
}
for (let k = 0; k < ROUNDS; k++) {
  const key = `${run}-${k}`;
  await post(
    "/realtime/v1/api/broadcast",
    { messages: [{ topic: "fanout", event: "tick", payload: { key, sentAt: Date.now() } }] },
    anonKey,
  );
  await waitForAll(`broadcast:${key}`);
}
for (const socket of sockets) socket.close();

function summary(prefix) {
  const rounds = [...arrivals].filter(([key]) => key.startsWith(prefix)).map(([, v]) => v);
  const delays = rounds.flatMap((r) => r.delays).sort((a, b) => a - b);
  return {
    delivered: delays.length,
    missed: ROUNDS * subscribers - delays.length,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
  };
}
const result = { subscribers, rounds: ROUNDS, changes: summary("change:"), broadcast: summary("broadcast:") };
if (process.send) {
  process.send(result);
  process.disconnect();
} else console.log(JSON.stringify(result, null, 2));
