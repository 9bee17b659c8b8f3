import { contract } from "@app/contracts";
import { initServer } from "@ts-rest/express";
import type { Request } from "express";
import { sql } from "kysely";
import { backOfficeAal, type Config } from "../../config";
import type { Database } from "../../db/database";

const s = initServer();

async function isDatabaseUsable(db: Database): Promise<boolean> {
  try {
    const row = await sql<{ ok: number }>`select 1 as ok`.execute(db);
    return row.rows.length === 1;
  } catch {
    return false;
  }
}

export interface HealthDeps {
  db: Database;
  /** Whether the caller's credentials are an administrator's; never throws (a bad token is anonymous). */
  isAdmin(req: Request): Promise<boolean>;
  lastBackupAt(): Promise<string | null>;
  now: () => number;
}

/** The age of the last good backup, for administrators: anyone else gets exactly what they got before. */
async function backupHealth(deps: HealthDeps) {
  const last = await deps.lastBackupAt();
  const age = last === null ? null : Math.max(0, Math.floor((deps.now() - Date.parse(last)) / 1000));
  return { last_backup_at: last, age_seconds: age };
}

export function healthRouter(deps: HealthDeps) {
  return s.router(contract.health, {
    getHealth: async ({ req }) => {
      if (!(await isDatabaseUsable(deps.db))) return { status: 503, body: { status: "unavailable" } };
      if (!(await deps.isAdmin(req))) return { status: 200, body: { status: "ok" } };
      return { status: 200, body: { status: "ok", backup: await backupHealth(deps) } };
    },
  });
}

export function publicConfig(config: Config, anonKey: string) {
  return {
    anon_key: anonKey,
    site_url: config.SITE_URL,
    playlist_embed_url: config.PLAYLIST_EMBED_URL,
    back_office_aal: backOfficeAal(config),
  };
}

export function configRouter(config: Config, anonKey: string) {
  const body = publicConfig(config, anonKey);
  return s.router(contract.config, { getPublicConfig: async () => ({ status: 200, body }) });
}
