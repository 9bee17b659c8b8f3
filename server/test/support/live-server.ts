import type { AddressInfo } from "node:net";
import { createTestContext, type TestContext } from "../helpers";

export interface LiveServer {
  ctx: TestContext;
  /** http://127.0.0.1:<port>, for stock clients that speak real HTTP. */
  base: string;
  close(): Promise<void>;
}

/** A test context whose app listens on a free loopback port, as stock Supabase clients need. */
export async function startLiveServer(env: Record<string, string> = { RATE_LIMITS: "false" }) {
  const ctx = await createTestContext({ env });
  const server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const live: LiveServer = {
    ctx,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await ctx.close();
    },
  };
  return live;
}
