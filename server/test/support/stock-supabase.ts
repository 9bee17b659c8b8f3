import { createClient } from "@supabase/supabase-js";
import type { TestContext } from "../helpers";
import { listenOnLoopback } from "./live-server";

/** Node 20 has no global WebSocket; a client made here for data and storage calls never opens a channel. */
class NoRealtime {
  constructor() {
    throw new Error("realtime is not used by this client");
  }
}

/**
 * A stock @supabase/supabase-js client for data and storage calls on `base`: no session of its own to keep
 * or refresh, the caller's token (if any) sent as the bearer, and an optional fetch to watch the answers.
 */
export function stockClient(
  base: string,
  apiKey: string,
  { bearer, fetch }: { bearer?: string; fetch?: typeof globalThis.fetch } = {},
) {
  return createClient(base, apiKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: {
      ...(bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : {}),
      ...(fetch ? { fetch } : {}),
    },
  });
}

/**
 * A stock @supabase/supabase-js client on the context's app, listening on loopback, signed in as `role`
 * (or anonymous, with the API key alone).
 */
export async function stockSupabase(ctx: TestContext, role?: "staff" | "admin") {
  const listening = await listenOnLoopback(ctx.app);
  const bearer = role ? await ctx.userToken({ role }) : ctx.anonKey;
  return { supabase: stockClient(listening.base, ctx.anonKey, { bearer }), close: listening.close };
}
