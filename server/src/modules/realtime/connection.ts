import type { WebSocket } from "ws";
import type { Engine } from "../../db/database";
import type { Principal } from "../../http/authorize";
import { callerOf, type TableHandle } from "../../rest/data-api";
import { BindingError, type ChangeBinding, parseBindings } from "./change-bindings";
import type { ChangeFeed } from "./change-feed";
import { mayJoinPrivate, msUntilExpiry } from "./channel-access";
import { type Member, type RealtimeHub, roomOf } from "./hub";
import { decodeFrame, encodeFrame, type Frame, FrameError, type Vsn } from "./serializer";

export interface RealtimeLimits {
  heartbeatTimeoutMs: number;
  maxChannelsPerSocket: number;
  maxJoinsPerSecond: number;
  maxBufferedBytes: number;
}

export interface ConnectionDeps {
  hub: RealtimeHub;
  limits: RealtimeLimits;
  changes: ChangeFeed;
  /** The data API's tables, which postgres_changes subscriptions name. */
  handles: ReadonlyMap<string, TableHandle>;
  engine: Engine;
  /** Verifies a token as the HTTP API does (signature, expiry, live session); throws when it fails. */
  verify(token: string): Promise<Principal>;
  now(): number;
}

interface Channel {
  member: Member;
  isPrivate: boolean;
  principal: Principal;
  expiry?: NodeJS.Timeout;
  stopChanges?: () => void;
}

const NORMAL_CLOSE = 1000;
const POLICY_CLOSE = 1008;

/** One realtime socket: its channels, heartbeats and tokens. */
export function serveConnection(socket: WebSocket, vsn: Vsn, apiKey: Principal, deps: ConnectionDeps) {
  const { hub, limits } = deps;
  const channels = new Map<string, Channel>();
  let recentJoins: number[] = [];

  function send(frame: Frame) {
    if (socket.readyState !== socket.OPEN) return;
    // A consumer that cannot keep up would hold ever more memory on the server; it is cut off instead.
    if (socket.bufferedAmount > limits.maxBufferedBytes) {
      socket.close(POLICY_CLOSE, "slow consumer");
      return;
    }
    socket.send(encodeFrame(frame, vsn));
  }

  function reply(frame: Frame, status: "ok" | "error", response: Record<string, unknown> = {}) {
    send({ ...frame, event: "phx_reply", payload: { status, response } });
  }

  let heartbeat: NodeJS.Timeout | undefined;
  function expectHeartbeat() {
    clearTimeout(heartbeat);
    heartbeat = setTimeout(() => socket.close(NORMAL_CLOSE, "heartbeat timeout"), limits.heartbeatTimeoutMs);
  }
  expectHeartbeat();

  function leave(topic: string) {
    const channel = channels.get(topic);
    if (!channel) return;
    clearTimeout(channel.expiry);
    channel.stopChanges?.();
    hub.leave(channel.member);
    channels.delete(topic);
  }

  /** The server ends a channel: the client hears why, then that the channel closed. */
  function endChannel(topic: string, message: string) {
    const channel = channels.get(topic);
    if (!channel) return;
    const joinRef = channel.member.joinRef;
    leave(topic);
    send({
      join_ref: joinRef,
      ref: null,
      topic,
      event: "system",
      payload: { extension: "system", status: "error", message },
    });
    send({ join_ref: joinRef, ref: null, topic, event: "phx_close", payload: {} });
  }

  function holdToken(topic: string, channel: Channel) {
    clearTimeout(channel.expiry);
    const ms = msUntilExpiry(channel.principal, deps.now());
    if (ms !== undefined)
      channel.expiry = setTimeout(() => endChannel(topic, "Token has expired"), Math.min(ms, 2 ** 31 - 1));
  }

  async function principalFor(token: unknown): Promise<Principal> {
    return typeof token === "string" && token ? deps.verify(token) : apiKey;
  }

  async function join(frame: Frame) {
    const now = deps.now();
    recentJoins = recentJoins.filter((at) => now - at < 1000);
    if (recentJoins.length >= limits.maxJoinsPerSecond)
      return reply(frame, "error", { reason: "Too many joins per second" });
    recentJoins.push(now);
    if (!channels.has(frame.topic) && channels.size >= limits.maxChannelsPerSocket)
      return reply(frame, "error", { reason: "Too many channels" });
    const config = (frame.payload.config ?? {}) as {
      private?: boolean;
      broadcast?: { self?: boolean; ack?: boolean };
      presence?: { key?: string; enabled?: boolean };
      postgres_changes?: unknown[];
    };
    let principal: Principal;
    try {
      principal = await principalFor(frame.payload.access_token);
    } catch (err) {
      return reply(frame, "error", { reason: err instanceof Error ? err.message : "Invalid token" });
    }
    const isPrivate = config.private === true;
    if (isPrivate && !mayJoinPrivate(principal))
      return reply(frame, "error", { reason: "Unauthorized: this channel is for staff" });
    let bindings: ChangeBinding[] = [];
    try {
      bindings = parseBindings(config.postgres_changes ?? [], deps.handles, deps.engine);
    } catch (err) {
      if (err instanceof BindingError) return reply(frame, "error", { reason: err.message });
      throw err;
    }
    leave(frame.topic);
    const member: Member = {
      room: roomOf(frame.topic, isPrivate),
      topic: frame.topic,
      joinRef: frame.join_ref ?? frame.ref,
      receivesOwnBroadcasts: config.broadcast?.self === true,
      presenceKey: config.presence?.key || crypto.randomUUID(),
      send: (event, payload) =>
        send({ join_ref: member.joinRef, ref: null, topic: frame.topic, event, payload }),
    };
    const channel: Channel = { member, isPrivate, principal };
    channels.set(frame.topic, channel);
    await hub.join(member);
    holdToken(frame.topic, channel);
    if (bindings.length > 0) {
      const changes = deps.changes.subscribe({
        bindings,
        // Read at each change: a refreshed token that may no longer read a table stops its rows.
        caller: () => callerOf(channel.principal),
        send: (payload) => member.send("postgres_changes", payload),
      });
      channel.stopChanges = changes.stop;
      await changes.ready;
    }
    reply(frame, "ok", { postgres_changes: bindings.map((b) => ({ id: b.id, ...b.echo })) });
    if (bindings.length > 0)
      member.send("system", {
        extension: "postgres_changes",
        status: "ok",
        message: "Subscribed to PostgreSQL",
        channel: frame.topic.replace(/^realtime:/, ""),
      });
    if (config.presence?.enabled) member.send("presence_state", await hub.presenceState(member.room));
  }

  async function refreshToken(frame: Frame, channel: Channel) {
    try {
      channel.principal = await principalFor(frame.payload.access_token);
    } catch (err) {
      return endChannel(frame.topic, err instanceof Error ? err.message : "Invalid token");
    }
    if (channel.isPrivate && !mayJoinPrivate(channel.principal))
      return endChannel(frame.topic, "Unauthorized: this channel is for staff");
    holdToken(frame.topic, channel);
  }

  async function handle(frame: Frame) {
    if (frame.topic === "phoenix") {
      if (frame.event === "heartbeat") {
        expectHeartbeat();
        reply(frame, "ok");
      }
      return;
    }
    if (frame.event === "phx_join") return join(frame);
    const channel = channels.get(frame.topic);
    if (!channel) return reply(frame, "error", { reason: "unmatched topic" });
    switch (frame.event) {
      case "phx_leave":
        leave(frame.topic);
        reply(frame, "ok");
        return send({ ...frame, ref: frame.ref, event: "phx_close", payload: {} });
      case "access_token":
        return refreshToken(frame, channel);
      case "broadcast": {
        const { type: _type, event, payload } = frame.payload;
        hub.broadcast(channel.member.room, { type: "broadcast", event, payload }, channel.member);
        if (frame.ref) reply(frame, "ok");
        return;
      }
      case "presence": {
        if (frame.payload.event === "track")
          hub.track(channel.member, (frame.payload.payload ?? {}) as Record<string, unknown>);
        else if (frame.payload.event === "untrack") hub.untrack(channel.member);
        return reply(frame, "ok");
      }
      default:
        return reply(frame, "error", { reason: `unknown event ${frame.event}` });
    }
  }

  let queue = Promise.resolve();
  socket.on("message", (data: Buffer, isBinary: boolean) => {
    let frame: Frame;
    try {
      frame = decodeFrame(data, isBinary, vsn);
    } catch (err) {
      if (err instanceof FrameError) return socket.close(POLICY_CLOSE, err.message);
      throw err;
    }
    // One frame at a time, as Phoenix does per socket: a join that is still verifying its token must count
    // against the channel cap before the next join is read, and a token refresh must not overtake it.
    queue = queue.then(() => handle(frame)).catch(() => socket.close(1011, "internal error"));
  });

  // An oversized or malformed frame: ws closes the socket itself (1009, 1002); nothing else to do.
  socket.on("error", () => {});

  socket.on("close", () => {
    clearTimeout(heartbeat);
    for (const topic of [...channels.keys()]) leave(topic);
  });
}
