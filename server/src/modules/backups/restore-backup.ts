import { constants, existsSync, realpathSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, rm } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import pg from "pg";
import type { Config } from "../../config";
import { openDatabase } from "../../db/database";
import { type DatabaseTarget, parseDatabaseUrl } from "../../db/engine/connection-url";
import { migrateToLatest } from "../../db/migrate";
import { storageWithDocumentLocks } from "../legal/document-files";
import { ERASURE_LOG_FILE, erasureLogFor } from "../personal-data/erasure-log";
import { replayErasures } from "../personal-data/replay-erasures";
import { BackupError, fsyncDir, type Manifest, OBJECTS_DIR, SECRET_FILES, SECRETS_DIR } from "./manifest";
import { runPgTool } from "./pg-tools";
import { verifyBackup } from "./verify-backup";

/** The file a restored SQLite install's DATABASE_URL names, and the storage folder beside it. */
const RESTORED_DATABASE = "app.db";
const RESTORED_STORAGE = "storage";
/** What --force replaces in a data folder; anything else in it is left alone. */
const REPLACED = [
  RESTORED_DATABASE,
  `${RESTORED_DATABASE}-wal`,
  `${RESTORED_DATABASE}-shm`,
  `${RESTORED_DATABASE}-journal`,
  RESTORED_STORAGE,
  ERASURE_LOG_FILE,
  ...SECRET_FILES,
];

type LiveInstall = Pick<
  Config,
  "DATABASE" | "DATA_DIR" | "STORAGE_DIR" | "BACKUP_DIR" | "MFA_ENCRYPTION_KEY"
>;

export interface RestoreOptions {
  /** The backup folder. */
  dir: string;
  /** The data folder to fill (SQLite: required; PostgreSQL: optional, for the secret files). */
  to?: string;
  /** PostgreSQL: the empty database the dump is restored into. */
  databaseUrl?: string;
  force?: boolean;
  /** The install this process is configured for: never written to. */
  live: LiveInstall;
}

export interface RestoreResult {
  manifest: Manifest;
  /** What DATABASE_URL must say for a server to run on the restored data. */
  databaseUrl: string;
  dataDir?: string;
  /** People erased after the backup was made, erased again in the restored data. */
  erasuresReplayed: number;
}

/** The path with symlinks resolved as far as it exists, so two spellings of one folder compare equal. */
function canonical(path: string) {
  let existing = resolve(path);
  const rest: string[] = [];
  while (!existsSync(existing) && dirname(existing) !== existing) {
    rest.unshift(existing.slice(dirname(existing).length + 1));
    existing = dirname(existing);
  }
  return join(realpathSync(existing), ...rest);
}

const isInside = (child: string, parent: string) => {
  const rel = relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/** Refuses a folder that is or holds the live install's files, or lies in its storage, or holds the backup. */
function checkTargetFolder(to: string, opts: RestoreOptions) {
  const target = canonical(to);
  const live = opts.live;
  const liveFiles = [live.DATA_DIR, live.STORAGE_DIR];
  if (live.DATABASE.engine === "sqlite" && live.DATABASE.path !== ":memory:")
    liveFiles.push(live.DATABASE.path);
  // A folder inside the live data folder (beside the default backups folder, say) is fine; one that holds
  // live files is not, as --force would delete them.
  const holdsLiveFiles = liveFiles.map(canonical).some((file) => isInside(file, target));
  if (holdsLiveFiles || isInside(target, canonical(live.STORAGE_DIR)))
    throw new BackupError(
      `${to} is the running install's data (DATABASE_URL, DATA_DIR or STORAGE_DIR); restore into a new, empty folder`,
    );
  if (isInside(canonical(opts.dir), target))
    throw new BackupError(`${to} holds the backup being restored; restore into another folder`);
}

async function prepareFolder(to: string, force: boolean) {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const entries = await readdir(to);
  if (entries.length === 0) return;
  if (!force)
    throw new BackupError(
      `${to} is not empty; restore into an empty folder, or pass --force to replace its database, storage and secrets`,
    );
  for (const name of REPLACED) await rm(join(to, name), { recursive: true, force: true });
}

async function copyTree(from: string, to: string) {
  if (!existsSync(from)) return;
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) await copyTree(source, target);
    else await copyPrivately(source, target);
  }
  await fsyncDir(to);
}

async function copyPrivately(from: string, to: string) {
  await copyFile(from, to, constants.COPYFILE_EXCL);
  await chmod(to, 0o600);
}

async function restoreSecrets(dir: string, to: string) {
  for (const name of SECRET_FILES) {
    const source = join(dir, SECRETS_DIR, name);
    if (existsSync(source)) await copyPrivately(source, join(to, name));
  }
}

/** Tables, views, sequences or functions of our own: anything pg_restore would collide with. */
async function assertEmptyDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`
      select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%')
           + (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%') as n`);
    if (Number(rows[0]?.n ?? 0) > 0)
      throw new BackupError(
        "the database named by --database-url is not empty; create a new one (createdb) and restore into it",
      );
  } finally {
    await client.end();
  }
}

/** Host, port and database name: two URLs for the same database compare equal whatever else they say. */
function databaseIdentity(target: DatabaseTarget) {
  if (target.engine === "sqlite") return `sqlite:${target.path}`;
  const url = new URL(target.url);
  return `${url.hostname || "localhost"}:${url.port || "5432"}/${decodeURIComponent(url.pathname.slice(1))}`;
}

/**
 * An erasure made after the backup must not be undone by restoring it: every one the live install's
 * erasure log recorded since the backup was made is applied again to the restored data (migrated to this
 * version first, as the erasure expects the current schema; a server started on it would do the same).
 * The log itself is carried into the restored data folder, so that install goes on knowing them.
 */
async function replayLoggedErasures(
  opts: RestoreOptions,
  restored: { target: DatabaseTarget; dataDir?: string; since: string },
) {
  const log = erasureLogFor(opts.live);
  if (restored.dataDir) {
    const carried = join(restored.dataDir, ERASURE_LOG_FILE);
    if (existsSync(log.path) && canonical(log.path) !== canonical(carried))
      await copyPrivately(log.path, carried);
  }
  if ((await log.entriesAfter(restored.since)).length === 0) return 0;
  const db = await openDatabase({ target: restored.target });
  try {
    await migrateToLatest(db);
    const storageDir = join(restored.dataDir ?? opts.live.DATA_DIR, RESTORED_STORAGE);
    const storage = storageWithDocumentLocks({ db, dir: storageDir, now: Date.now });
    return await replayErasures({ db, storage, log, since: restored.since, now: Date.now });
  } finally {
    await db.close();
  }
}

/**
 * Restores a verified backup into a new place, never over the running install: a SQLite backup into an
 * empty data folder (database, stored files and any secret files), a PostgreSQL dump into an empty
 * database. A server started on the result migrates it forward if the backup is older than the code.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const manifest = await verifyBackup(opts.dir);
  if (manifest.engine === "sqlite") {
    if (opts.databaseUrl)
      throw new BackupError(
        "this is a backup of a SQLite install: restore it with --to DATA_DIR, not --database-url",
      );
    if (!opts.to) throw new BackupError("--to DATA_DIR is required: the empty folder to restore into");
    const to = resolve(opts.to);
    checkTargetFolder(to, opts);
    await prepareFolder(to, opts.force ?? false);
    await copyPrivately(join(opts.dir, manifest.database), join(to, RESTORED_DATABASE));
    await copyTree(join(opts.dir, OBJECTS_DIR), join(to, RESTORED_STORAGE, OBJECTS_DIR));
    await restoreSecrets(opts.dir, to);
    const databasePath = join(to, RESTORED_DATABASE);
    const erasuresReplayed = await replayLoggedErasures(opts, {
      target: { engine: "sqlite", path: databasePath },
      dataDir: to,
      since: manifest.created_at,
    });
    await fsyncDir(to);
    return { manifest, databaseUrl: databasePath, dataDir: to, erasuresReplayed };
  }

  if (!opts.databaseUrl)
    throw new BackupError("--database-url is required: the new, empty PostgreSQL database to restore into");
  let target: DatabaseTarget;
  try {
    target = parseDatabaseUrl(opts.databaseUrl, process.cwd());
  } catch (err) {
    throw new BackupError(`--database-url: ${(err as Error).message}`);
  }
  if (target.engine !== "postgres")
    throw new BackupError(
      "--database-url must be a postgres:// URL: this is a backup of a PostgreSQL install",
    );
  if (databaseIdentity(target) === databaseIdentity(opts.live.DATABASE))
    throw new BackupError(
      "--database-url names the running install's own database; restore into a new, empty one",
    );
  let dataDir: string | undefined;
  if (opts.to) {
    dataDir = resolve(opts.to);
    checkTargetFolder(dataDir, opts);
    await prepareFolder(dataDir, opts.force ?? false);
  }
  await assertEmptyDatabase(target.url);
  await runPgTool(
    "pg_restore",
    [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      join(opts.dir, manifest.database),
    ],
    { url: target.url },
  );
  if (dataDir) await restoreSecrets(opts.dir, dataDir);
  const erasuresReplayed = await replayLoggedErasures(opts, { target, dataDir, since: manifest.created_at });
  return { manifest, databaseUrl: target.url, dataDir, erasuresReplayed };
}
