import { basename } from "node:path";
import type { Logger } from "pino";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { audit } from "../../platform/audit";
import type { Requester } from "../../platform/deps";
import { repeatingJob } from "../../platform/repeating-job";
import { type BackupEntry, listBackups, pruneBackups } from "./backup-list";
import { type CreatedBackup, createBackup } from "./create-backup";
import { BackupError, type BackupTrigger, backupSize } from "./manifest";
import { lastBackupCreatedAt } from "./repository";
import { withScheduleLock } from "./schedule-lock";

export type BackupServiceConfig = Pick<
  Config,
  "DATABASE" | "DATA_DIR" | "STORAGE_DIR" | "BACKUP_DIR" | "BACKUP_INTERVAL_HOURS" | "BACKUP_KEEP"
>;

/** Another backup is running in this process: one at a time. */
export class BackupInProgressError extends BackupError {
  constructor() {
    super("A backup is already running; try again when it has finished");
  }
}

export type TickOutcome = "off" | "busy" | "locked" | "not_due" | "created" | "failed";

export interface BackupActor {
  userId?: string;
  email?: string;
  requester?: Requester;
}

const HOUR_MS = 3600_000;
/** How often the schedule looks whether a backup is due. */
const CHECK_EVERY_MS = 60_000;

const entryOf = ({ dir, manifest }: CreatedBackup): BackupEntry => ({
  id: basename(dir),
  created_at: manifest.created_at,
  status: "complete",
  size_bytes: backupSize(manifest),
  engine: manifest.engine,
  schema_version: manifest.schema_version,
});

/**
 * Backups as the running server makes them: on demand (an administrator's "Back up now") and on the
 * schedule of BACKUP_INTERVAL_HOURS, which keeps BACKUP_KEEP of them. Every run and every failure goes to
 * the audit log and the server log.
 */
export function createBackupService(deps: {
  config: BackupServiceConfig;
  db: Database;
  logger: Logger;
  now?: () => number;
}) {
  const { config, db, logger, now = Date.now } = deps;
  const intervalMs = config.BACKUP_INTERVAL_HOURS * HOUR_MS;
  let running: Promise<unknown> | undefined;
  let lastFailureAt: number | undefined;

  async function run(
    trigger: BackupTrigger,
    actor: BackupActor = {},
    out?: string,
  ): Promise<{ backup: BackupEntry; dir: string }> {
    const who = { userId: actor.userId, email: actor.email, requester: actor.requester };
    try {
      const created = await createBackup({ config, db, trigger, now, out });
      const entry = entryOf(created);
      await audit({ db, now }, "backup_created", {
        ...who,
        detail: { id: entry.id, trigger, size_bytes: entry.size_bytes, engine: entry.engine },
      });
      logger.info({ backup: entry.id, trigger, bytes: entry.size_bytes, dir: created.dir }, "backup created");
      return { backup: entry, dir: created.dir };
    } catch (err) {
      const message = err instanceof BackupError ? err.message : "unexpected error (see the server log)";
      logger.error({ err, trigger }, "backup failed");
      await audit({ db, now }, "backup_failed", { ...who, detail: { trigger, message } }).catch((e) =>
        logger.error({ err: e }, "could not record the failed backup in the audit log"),
      );
      throw err;
    }
  }

  /** One at a time in this process: a second caller is told, not queued behind a long dump. */
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (running) return Promise.reject(new BackupInProgressError());
    const p = fn().finally(() => {
      running = undefined;
    });
    running = p.catch(() => undefined);
    return p;
  }

  async function isDue(): Promise<boolean> {
    const at = now();
    // After a failure, wait an hour (or the interval, if shorter) rather than retry every minute.
    if (lastFailureAt !== undefined && at - lastFailureAt < Math.min(intervalMs, HOUR_MS)) return false;
    const last = await lastBackupCreatedAt(db);
    return last === null || at - Date.parse(last) >= intervalMs;
  }

  async function tick(): Promise<TickOutcome> {
    if (intervalMs <= 0) return "off";
    if (running) return "busy";
    try {
      return await exclusive(async () => {
        const outcome = await withScheduleLock(config.DATABASE, async (): Promise<TickOutcome> => {
          if (!(await isDue())) return "not_due";
          try {
            await run("schedule");
            lastFailureAt = undefined;
          } catch {
            lastFailureAt = now();
            return "failed";
          }
          const removed = await pruneBackups(config.BACKUP_DIR, config.BACKUP_KEEP);
          if (removed.length > 0) logger.info({ removed, keep: config.BACKUP_KEEP }, "old backups removed");
          return "created";
        });
        return outcome.locked ? outcome.value : "locked";
      });
    } catch (err) {
      logger.error({ err }, "scheduled backup check failed");
      return "failed";
    }
  }

  const job = repeatingJob(Math.min(CHECK_EVERY_MS, intervalMs), tick, () => running);
  return {
    list: () => listBackups(config.BACKUP_DIR),
    /** One backup now, audited; `out` is the exact folder (the CLI's --out), else a new one in BACKUP_DIR. */
    backUpNow: (actor: BackupActor, trigger: BackupTrigger = "admin", out?: string) =>
      exclusive(() => run(trigger, actor, out)),
    lastBackupAt: () => lastBackupCreatedAt(db),
    tick,
    start() {
      if (intervalMs <= 0) {
        logger.info("scheduled backups are off (BACKUP_INTERVAL_HOURS=0)");
        return;
      }
      logger.info(
        { everyHours: config.BACKUP_INTERVAL_HOURS, keep: config.BACKUP_KEEP, dir: config.BACKUP_DIR },
        "scheduled backups on",
      );
      job.start();
    },
    /** Stops the schedule and waits for a running backup to finish. */
    stop: job.stop,
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
