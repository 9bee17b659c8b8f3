import { constants } from "node:fs";
import { copyFile, mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "kysely";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { latestOf } from "../../db/migrate";
import { backupIdAt } from "./backup-id";
import {
  BackupError,
  type BackupTrigger,
  type Manifest,
  PG_DUMP_FILE,
  SECRET_FILES,
  SECRETS_DIR,
  SQLITE_FILE,
  sealBackup,
} from "./manifest";
import { runPgTool } from "./pg-tools";
import { snapshotSqlite } from "./sqlite-snapshot";

export type BackupConfig = Pick<Config, "DATABASE" | "DATA_DIR" | "STORAGE_DIR" | "BACKUP_DIR">;

export interface CreatedBackup {
  dir: string;
  manifest: Manifest;
}

/** A new, empty, owner-only folder; an existing one must be empty (never mix two backups). */
async function claimFolder(dir: string) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const entries = await readdir(dir);
  if (entries.length > 0) throw new BackupError(`${dir} is not empty; choose a new folder for the backup`);
}

/** The first free `<BACKUP_DIR>/<UTC time>` (two backups in one millisecond get the next millisecond). */
async function defaultFolder(root: string, at: number) {
  await mkdir(root, { recursive: true, mode: 0o700 });
  const taken = new Set(await readdir(root));
  let ms = at;
  while (taken.has(backupIdAt(ms))) ms++;
  return join(root, backupIdAt(ms));
}

/** Development installs keep generated secrets in the data folder; without them a restore loses MFA. */
async function copySecrets(dataDir: string, outDir: string) {
  for (const name of SECRET_FILES) {
    try {
      await mkdir(join(outDir, SECRETS_DIR), { recursive: true, mode: 0o700 });
      await copyFile(join(dataDir, name), join(outDir, SECRETS_DIR, name), constants.COPYFILE_EXCL);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  if ((await readdir(join(outDir, SECRETS_DIR))).length === 0)
    await rm(join(outDir, SECRETS_DIR), { recursive: true });
}

async function latestMigration(db: Database): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return latestOf(rows.map((r) => r.name));
}

/**
 * One consistent backup while the server goes on serving writes: SQLite through VACUUM INTO plus the
 * blob files its copy names, PostgreSQL through pg_dump (one snapshot, blobs included, as they live in
 * the database). The manifest, written last, makes the folder a finished backup.
 */
export async function createBackup(opts: {
  config: BackupConfig;
  db: Database;
  trigger: BackupTrigger;
  now?: () => number;
  /** The exact folder to write; a new timestamped folder under BACKUP_DIR when absent. */
  out?: string;
}): Promise<CreatedBackup> {
  const { config, db, trigger, now = Date.now } = opts;
  const at = now();
  const dir = opts.out ?? (await defaultFolder(config.BACKUP_DIR, at));
  await claimFolder(dir);
  try {
    let schemaVersion: string | null;
    if (config.DATABASE.engine === "sqlite") {
      if (config.DATABASE.path === ":memory:")
        throw new BackupError("an in-memory database cannot be backed up");
      ({ schemaVersion } = await snapshotSqlite({
        databasePath: config.DATABASE.path,
        storageDir: config.STORAGE_DIR,
        outDir: dir,
      }));
    } else {
      schemaVersion = await latestMigration(db);
      await runPgTool("pg_dump", ["--format=custom", `--file=${join(dir, PG_DUMP_FILE)}`], {
        url: config.DATABASE.url,
      });
    }
    await copySecrets(config.DATA_DIR, dir);
    const manifest = await sealBackup(dir, {
      created_at: new Date(at).toISOString(),
      engine: config.DATABASE.engine,
      schema_version: schemaVersion,
      trigger,
      database: config.DATABASE.engine === "sqlite" ? SQLITE_FILE : PG_DUMP_FILE,
    });
    return { dir, manifest };
  } catch (err) {
    // Half a backup is worse than none: it would look like one in the folder.
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
