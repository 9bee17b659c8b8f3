import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, type RealtimeChannel, type SupabaseClient } from "@supabase/supabase-js";
import { WebSocket } from "ws";
import type { RealtimeServer } from "../../src/modules/realtime/realtime-server";
import type { TestContext } from "../helpers";

/** The test app on a real port with its realtime endpoint attached, as main's server does. */
export async function listenWithRealtime(ctx: TestContext) {
  const server: Server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const realtime = ctx.app.locals.realtime as RealtimeServer;
  realtime.attach(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    realtime,
    async close() {
      realtime.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A stock supabase-js client whose realtime socket (Node 20 has no global WebSocket) is `ws`. */
export async function realtimeClient(
  base: string,
  anonKey: string,
  opts: { token?: string; vsn?: "1.0.0" | "2.0.0"; heartbeatIntervalMs?: number } = {},
): Promise<SupabaseClient> {
  const client = createClient(base, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: {
      transport: WebSocket as never,
      ...(opts.vsn ? { vsn: opts.vsn } : {}),
      ...(opts.heartbeatIntervalMs ? { heartbeatIntervalMs: opts.heartbeatIntervalMs } : {}),
    },
  });
  if (opts.token) await client.realtime.setAuth(opts.token);
  return client;
}

/** Leaves every channel of the clients made so far and closes their sockets (the list is emptied). */
export async function disconnectAll(clients: SupabaseClient[]) {
  for (const client of clients.splice(0)) {
    await client.removeAllChannels();
    client.realtime.disconnect();
  }
}

/** Subscribes and resolves with the first status the channel reaches (SUBSCRIBED, CHANNEL_ERROR, ...). */
export function subscribe(channel: RealtimeChannel): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => resolve({ status, error }));
  });
}

/** Resolves when `predicate` holds, polling briefly; fails after `ms`. */
export async function eventually<T>(read: () => T | undefined, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
