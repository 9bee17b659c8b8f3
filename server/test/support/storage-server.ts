import { readdirSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { StorageClient } from "@supabase/storage-js";
import { sql } from "kysely";
import type { TestContext } from "../helpers";

/** The app listening on a free port, for stock clients that need a real URL. */
export async function listen(ctx: TestContext) {
  const server: Server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    base,
    close: () => new Promise((resolve) => server.close(resolve)),
    /** A stock storage-js client with the anon key, and the token as the bearer when one is given. */
    storage: (token?: string) =>
      new StorageClient(`${base}/storage/v1`, {
        apikey: ctx.anonKey,
        Authorization: `Bearer ${token ?? ctx.anonKey}`,
      }),
  };
}

export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** Everything storage keeps: metadata rows, stored bytes (files or blob rows) and staged uploads. */
export async function storedCounts(ctx: TestContext) {
  const rows = await ctx.db
    .selectFrom("storage_objects")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const blobs =
    ctx.db.engine === "postgres"
      ? Number(
          (await sql<{ n: number }>`select count(distinct blob_id) as n from storage_blobs`.execute(ctx.db))
            .rows[0]?.n,
        )
      : filesUnder(join(ctx.config.STORAGE_DIR, "objects")).length;
  return { rows: Number(rows.n), blobs, staged: filesUnder(join(ctx.config.STORAGE_DIR, "tmp")).length };
}
