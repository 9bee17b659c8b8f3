import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import { sql } from "kysely";
import type { Config } from "../../config";
import type { Database } from "../../db/database";

const s = initServer();

export async function isDatabaseUsable(db: Database): Promise<boolean> {
  try {
    const row = await sql<{ ok: number }>`select 1 as ok`.execute(db);
    return row.rows.length === 1;
  } catch {
    return false;
  }
}

export function healthRouter(db: Database) {
  return s.router(contract.health, {
    getHealth: async () =>
      (await isDatabaseUsable(db))
        ? { status: 200, body: { status: "ok" } }
        : { status: 503, body: { status: "unavailable" } },
  });
}

export function publicConfig(config: Config, anonKey: string) {
  return { anon_key: anonKey, site_url: config.SITE_URL, playlist_embed_url: config.PLAYLIST_EMBED_URL };
}

export function configRouter(config: Config, anonKey: string) {
  const body = publicConfig(config, anonKey);
  return s.router(contract.config, { getPublicConfig: async () => ({ status: 200, body }) });
}
