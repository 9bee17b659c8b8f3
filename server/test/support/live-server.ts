import type { AddressInfo } from "node:net";
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
