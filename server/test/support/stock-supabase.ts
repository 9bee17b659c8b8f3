import { createClient } from "@supabase/supabase-js";
import type { TestContext } from "../helpers";
import { listenOnLoopback } from "./live-server";

/**
 * A stock @supabase/supabase-js client on the context's app, listening on loopback, signed in as `role`
 * (or anonymous, with the API key alone).
 */
export async function stockSupabase(ctx: TestContext, role?: "staff" | "admin") {
  const listening = await listenOnLoopback(ctx.app);
  const bearer = role ? await ctx.userToken({ role }) : ctx.anonKey;
  const supabase = createClient(listening.base, ctx.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; no realtime channel is opened here.
    realtime: { transport: class {} as never },
    global: { headers: { Authorization: `Bearer ${bearer}` } },
  });
  return { supabase, close: listening.close };
}
