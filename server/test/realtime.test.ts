import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createTestContext, type TestContext } from "./helpers";
import { disconnectAll, eventually, listenWithRealtime, realtimeClient, subscribe } from "./support/realtime";

/**
 * The realtime endpoint against stock realtime-js (through supabase-js) and, where the client hides the
 * protocol, a raw socket: joins, broadcast, presence, private channels, tokens and heartbeats.
 */

let ctx: TestContext;
let live: Awaited<ReturnType<typeof listenWithRealtime>>;
const clients: SupabaseClient[] = [];
const HEARTBEAT_TIMEOUT_MS = 400;

beforeAll(async () => {
  ctx = await createTestContext({
    seed: false,
    env: {
      REALTIME_HEARTBEAT_TIMEOUT_MS: String(HEARTBEAT_TIMEOUT_MS),
      REALTIME_MAX_CHANNELS_PER_SOCKET: "3",
      REALTIME_MAX_JOINS_PER_SECOND: "5",
      REALTIME_MAX_MESSAGE_BYTES: "2048",
    },
  });
  live = await listenWithRealtime(ctx);
});

afterEach(() => disconnectAll(clients));

afterAll(async () => {
  await live.close();
  await ctx.close();
});

async function client(opts: Parameters<typeof realtimeClient>[2] = {}) {
  // The server's heartbeat timeout is short here, so the client beats well within it.
  const made = await realtimeClient(live.base, ctx.anonKey, {
    heartbeatIntervalMs: HEARTBEAT_TIMEOUT_MS / 4,
    ...opts,
  });
  clients.push(made);
  return made;
}

/** A raw socket, for what realtime-js never lets a test do (skip heartbeats, send oversized frames). */
async function rawSocket(query = `apikey=${ctx.anonKey}&vsn=2.0.0`) {
  const socket = new WebSocket(`${live.base.replace("http", "ws")}/realtime/v1/websocket?${query}`);
  const frames: unknown[][] = [];
  socket.on("message", (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return { socket, frames, closed };
}

describe("broadcast", () => {
  for (const vsn of ["1.0.0", "2.0.0"] as const) {
    it(`reaches the other members, and the sender too with self, acknowledged (vsn ${vsn})`, async () => {
      const sender = await client({ vsn });
      const listener = await client({ vsn });
      const heardBySender: unknown[] = [];
      const heardByListener: unknown[] = [];
      const out = sender
        .channel("room-a", { config: { broadcast: { self: true, ack: true } } })
        .on("broadcast", { event: "cursor" }, ({ payload }) => heardBySender.push(payload));
      const inn = listener
        .channel("room-a")
        .on("broadcast", { event: "cursor" }, ({ payload }) => heardByListener.push(payload));
      expect((await subscribe(out)).status).toBe("SUBSCRIBED");
      expect((await subscribe(inn)).status).toBe("SUBSCRIBED");

      const ack = await out.send({ type: "broadcast", event: "cursor", payload: { x: 1, name: "Åsa" } });
      expect(ack).toBe("ok");
      await eventually(() => (heardByListener.length && heardBySender.length ? true : undefined));
      expect(heardByListener).toEqual([{ x: 1, name: "Åsa" }]);
      expect(heardBySender).toEqual([{ x: 1, name: "Åsa" }]);
    });
  }

  it("does not echo to the sender without self, nor cross into another topic", async () => {
    const sender = await client();
    const other = await client();
    const own: unknown[] = [];
    const elsewhere: unknown[] = [];
    const out = sender.channel("room-b").on("broadcast", { event: "e" }, (m) => own.push(m));
    const away = other.channel("room-c").on("broadcast", { event: "e" }, (m) => elsewhere.push(m));
    const witness: unknown[] = [];
    const seen = (await client()).channel("room-b").on("broadcast", { event: "e" }, (m) => witness.push(m));
    await subscribe(out);
    await subscribe(away);
    await subscribe(seen);
    await out.send({ type: "broadcast", event: "e", payload: { n: 1 } });
    await eventually(() => (witness.length ? true : undefined));
    expect(own).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});

describe("presence", () => {
  it("syncs what each member tracks, and drops a member who untracks", async () => {
    const one = (await client()).channel("lobby", { config: { presence: { key: "one" } } });
    const two = (await client()).channel("lobby", { config: { presence: { key: "two" } } });
    one.on("presence", { event: "sync" }, () => {});
    two.on("presence", { event: "sync" }, () => {});
    await subscribe(one);
    await subscribe(two);
    await one.track({ status: "online" });
    await two.track({ status: "away" });
    const both = await eventually(() => {
      const state = one.presenceState();
      return state.one && state.two ? state : undefined;
    });
    expect(both.one?.map((m) => (m as unknown as { status: string }).status)).toEqual(["online"]);
    expect(both.two?.map((m) => (m as unknown as { status: string }).status)).toEqual(["away"]);

    await two.untrack();
    await eventually(() => (one.presenceState().two ? undefined : true));
    expect(Object.keys(one.presenceState())).toEqual(["one"]);
  });
});

describe("private channels and tokens", () => {
  it("refuses anyone but staff", async () => {
    const anon = await client();
    const refused = await subscribe(anon.channel("office", { config: { private: true } }));
    expect(refused.status).toBe("CHANNEL_ERROR");

    const customer = await client({ token: await ctx.userToken({ role: null }) });
    expect((await subscribe(customer.channel("office", { config: { private: true } }))).status).toBe(
      "CHANNEL_ERROR",
    );

    const staff = await client({ token: await ctx.userToken({ role: "staff" }) });
    expect((await subscribe(staff.channel("office", { config: { private: true } }))).status).toBe(
      "SUBSCRIBED",
    );
  });

  it("a private broadcast never reaches the public channel of the same name", async () => {
    const staff = await client({ token: await ctx.userToken({ role: "staff" }) });
    const anon = await client();
    const leaked: unknown[] = [];
    const mine: unknown[] = [];
    const inside = staff
      .channel("desk", { config: { private: true, broadcast: { self: true } } })
      .on("broadcast", { event: "note" }, (m) => mine.push(m));
    const outside = anon.channel("desk").on("broadcast", { event: "note" }, (m) => leaked.push(m));
    await subscribe(inside);
    await subscribe(outside);
    await inside.send({ type: "broadcast", event: "note", payload: { secret: true } });
    await eventually(() => (mine.length ? true : undefined));
    expect(leaked).toEqual([]);
  });

  it("a refreshed token that is no longer staff ends the private channel", async () => {
    const staff = await client({ token: await ctx.userToken({ role: "staff" }) });
    const statuses: string[] = [];
    const channel = staff.channel("ledger", { config: { private: true } });
    await new Promise<void>((resolve) =>
      channel.subscribe((status) => {
        statuses.push(status);
        if (status === "SUBSCRIBED") resolve();
      }),
    );
    await staff.realtime.setAuth(await ctx.userToken({ role: null }));
    await eventually(() => (statuses.includes("CLOSED") ? true : undefined));
    expect(channel.state).toBe("closed");
  });

  it("an expired token ends the channel it joined", async () => {
    const staff = await client({ token: await ctx.userToken({ role: "staff" }) });
    const statuses: string[] = [];
    const channel = staff.channel("shortlived", { config: { private: true } });
    channel.subscribe((status) => statuses.push(status));
    await eventually(() => (statuses.includes("SUBSCRIBED") ? true : undefined));
    // Joined at leisure, then handed a token with a second left: the channel ends when it runs out.
    await staff.realtime.setAuth(await ctx.userToken({ role: "staff", expiresIn: 1 }));
    await eventually(() => (statuses.includes("CLOSED") ? true : undefined), 4000);
    expect(statuses).toEqual(["SUBSCRIBED", "CLOSED"]);
  });

  it("refuses a socket without a valid API key", async () => {
    await expect(rawSocket("apikey=not-a-key&vsn=2.0.0")).rejects.toThrow(/403/);
    await expect(rawSocket("vsn=2.0.0")).rejects.toThrow(/403/);
  });
});

describe("heartbeats and limits", () => {
  it("closes a socket that stops sending heartbeats, and keeps one that beats", async () => {
    const silent = await rawSocket();
    const beating = await rawSocket();
    let ref = 0;
    const beat = setInterval(
      () => beating.socket.send(JSON.stringify([null, String(++ref), "phoenix", "heartbeat", {}])),
      HEARTBEAT_TIMEOUT_MS / 4,
    );
    const started = Date.now();
    await silent.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(HEARTBEAT_TIMEOUT_MS - 50);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_TIMEOUT_MS));
    clearInterval(beat);
    expect(beating.socket.readyState).toBe(WebSocket.OPEN);
    expect(beating.frames[0]).toEqual([null, "1", "phoenix", "phx_reply", { status: "ok", response: {} }]);
    beating.socket.close();
  });

  it("caps the channels of one socket", async () => {
    const { socket, frames } = await rawSocket();
    for (const n of [1, 2, 3, 4])
      socket.send(JSON.stringify([String(n), String(n), `realtime:cap-${n}`, "phx_join", { config: {} }]));
    await eventually(() => (frames.length >= 4 ? true : undefined));
    const statuses = frames.map((f) => (f[4] as { status: string }).status);
    expect(statuses).toEqual(["ok", "ok", "ok", "error"]);
    socket.close();
  });

  it("caps the joins a socket makes per second", async () => {
    const { socket, frames } = await rawSocket();
    for (const n of [1, 2, 3, 4, 5, 6])
      socket.send(JSON.stringify([String(n), String(n), "realtime:again", "phx_join", { config: {} }]));
    await eventually(() => (frames.length >= 6 ? true : undefined));
    const statuses = frames.map((f) => (f[4] as { status: string }).status);
    expect(statuses).toEqual(["ok", "ok", "ok", "ok", "ok", "error"]);
    socket.close();
  });

  it("closes a socket that sends a frame over the size limit, and one that is not the protocol", async () => {
    const big = await rawSocket();
    big.socket.send(JSON.stringify([null, "1", "realtime:x", "broadcast", { pad: "x".repeat(4096) }]));
    expect(await big.closed).toBe(1009);
    const garbled = await rawSocket();
    garbled.socket.send("not json");
    expect(await garbled.closed).toBe(1008);
  });
});

describe("broadcast over HTTP", () => {
  it("realtime-js's httpSend reaches the channel's members", async () => {
    const heard: unknown[] = [];
    const listening = (await client())
      .channel("news")
      .on("broadcast", { event: "headline" }, ({ payload }) => heard.push(payload));
    await subscribe(listening);
    const sender = (await client()).channel("news");
    expect(await sender.httpSend("headline", { title: "Släpp" })).toEqual({ success: true });
    await eventually(() => (heard.length ? true : undefined));
    expect(heard).toEqual([{ title: "Släpp" }]);
  });

  it("sends to a private channel for staff only, and refuses a malformed body", async () => {
    const staffToken = await ctx.userToken({ role: "staff" });
    const heard: unknown[] = [];
    const inside = (await client({ token: staffToken }))
      .channel("back-room", { config: { private: true } })
      .on("broadcast", { event: "memo" }, ({ payload }) => heard.push(payload));
    expect((await subscribe(inside)).status).toBe("SUBSCRIBED");
    const post = (bearer: string, body: unknown) =>
      fetch(`${live.base}/realtime/v1/api/broadcast`, {
        method: "POST",
        headers: {
          apikey: ctx.anonKey,
          authorization: `Bearer ${bearer}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
    const memo = (n: number) => ({
      messages: [{ topic: "back-room", event: "memo", payload: { n }, private: true }],
    });

    const refused = await post(ctx.anonKey, memo(1));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "permission_denied" });
    expect((await post(ctx.anonKey, { messages: [] })).status).toBe(400);
    expect((await post(staffToken, memo(2))).status).toBe(202);
    await eventually(() => (heard.length ? true : undefined));
    expect(heard).toEqual([{ n: 2 }]);
  });
});
