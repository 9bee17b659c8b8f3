import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import type { Engine } from "../../db/database";
import type { Principal } from "../../http/authorize";
import type { TableHandle } from "../../rest/data-api";
import type { ChangeFeed } from "./change-feed";
import { type ConnectionDeps, type RealtimeLimits, serveConnection } from "./connection";
import { createRealtimeHub } from "./hub";
import type { RealtimeRelay } from "./realtime-relay";

const REALTIME_PATH = "/realtime/v1/websocket";

export interface RealtimeServerDeps {
  limits: RealtimeLimits & { maxMessageBytes: number };
  verify(token: string): Promise<Principal>;
  now?: () => number;
  changes: ChangeFeed;
  relay: RealtimeRelay;
  handles: ReadonlyMap<string, TableHandle>;
  engine: Engine;
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The Supabase Realtime endpoint on the app's own HTTP server: sockets arrive as upgrades, carry the
 * API key as `apikey`, and speak Phoenix channels in the `vsn` they ask for.
 */
export function createRealtimeServer({
  limits,
  verify,
  now = Date.now,
  relay,
  ...tables
}: RealtimeServerDeps) {
  const hub = createRealtimeHub(relay);
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  const deps: ConnectionDeps = { hub, limits, verify, now, ...tables };

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== REALTIME_PATH) return refuse(socket, 404, "Not Found");
    const vsn = url.searchParams.get("vsn") ?? "1.0.0";
    if (vsn !== "1.0.0" && vsn !== "2.0.0") return refuse(socket, 400, "Bad Request");
    const apikey = url.searchParams.get("apikey") ?? req.headers.apikey;
    let principal: Principal;
    try {
      if (typeof apikey !== "string" || !apikey) throw new Error("no API key");
      principal = await verify(apikey);
    } catch {
      return refuse(socket, 403, "Forbidden");
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveConnection(ws, vsn, principal, deps));
  }

  return {
    hub,
    /** Serves upgrades on `server`; closing the server's connections ends the sockets too. */
    attach(server: Server) {
      server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        upgrade(req, socket, head).catch(() => refuse(socket, 500, "Internal Server Error"));
      });
    },
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
    /** After close: this node's presences leave the other nodes at once (see RealtimeRelay.stop). */
    stopRelay: () => relay.stop(),
  };
}

export type RealtimeServer = ReturnType<typeof createRealtimeServer>;
