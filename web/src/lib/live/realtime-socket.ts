import type { RealtimeClient } from "@supabase/realtime-js";
import { currentAccessToken } from "@/lib/api-fetch";
import { HEARTBEAT_INTERVAL_MS, reconnectAfterMs } from "@/lib/live/live-updates";
import { loadPublicConfig } from "@/lib/public-config";

/**
 * realtime-js on this origin's `/realtime/v1`, loaded when the first live screen opens (the public pages
 * and the first paint never pay for it). The access token is asked for at each heartbeat, so a refreshed
 * session reaches the open channels.
 */
export async function connectRealtime(): Promise<RealtimeClient> {
  // The screen that asks paints first: its code and data download without this library beside them.
  await afterNextPaint();
  const [{ RealtimeClient }, config] = await Promise.all([
    import("@supabase/realtime-js"),
    loadPublicConfig(),
  ]);
  const endpoint = new URL("/realtime/v1", window.location.href);
  endpoint.protocol = endpoint.protocol === "https:" ? "wss:" : "ws:";
  const client = new RealtimeClient(endpoint.href, {
    params: { apikey: config.anon_key },
    heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
    reconnectAfterMs,
    accessToken: currentAccessToken,
  });
  // Otherwise the first join leaves before realtime-js has asked for the token, as the anonymous key,
  // and a staff table's changes would wait for the token's first refresh on the channel.
  await client.setAuth();
  return client;
}

/** A background tab draws no frames: it connects after this long instead. */
const PAINT_WAIT_MS = 500;

/** Resolves once the browser has painted the frame being built now (a task queued from the next frame). */
function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== "function") return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, PAINT_WAIT_MS);
  });
}
