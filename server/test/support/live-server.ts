import type { AddressInfo } from "node:net";
import { PostgrestClient } from "@supabase/postgrest-js";
import { createTestContext, type TestContext } from "../helpers";

export interface LiveServer {
  ctx: TestContext;
  /** http://127.0.0.1:<port>, for stock clients that speak real HTTP. */
  base: string;
  close(): Promise<void>;
}

/** The app listening on a free loopback port: requests that really race each other over HTTP. */
export async function listenOnLoopback(app: TestContext["app"]) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test context whose app listens on a free loopback port, as stock Supabase clients need. */
export async function startLiveServer(env: Record<string, string> = { RATE_LIMITS: "false" }) {
  const ctx = await createTestContext({ env });
  const listening = await listenOnLoopback(ctx.app);
  const live: LiveServer = {
    ctx,
    base: listening.base,
    async close() {
      await listening.close();
      await ctx.close();
    },
  };
  return live;
}

/** An unseeded test context on loopback, with a stock postgrest-js client signed in as staff. */
export async function startStaffDataApi() {
  const ctx = await createTestContext({ seed: false });
  const token = await ctx.userToken({ role: "staff" });
  const listening = await listenOnLoopback(ctx.app);
  const rest = `${listening.base}/rest/v1`;
  const client = new PostgrestClient(rest, {
    headers: { apikey: ctx.anonKey, Authorization: `Bearer ${token}` },
  });
  const close = async () => {
    await listening.close();
    await ctx.close();
  };
  return { ctx, token, rest, client, close };
}
