import type { Config } from "../../config";
import { openConfiguredDatabase } from "../../db/database";
import { createLogger } from "../../http/logger";
import { listBackups } from "./backup-list";
import { createBackupService } from "./backup-service";
import { BackupError, backupSize } from "./manifest";
import { restoreBackup } from "./restore-backup";
import { verifyBackup } from "./verify-backup";

type BackupCommand = (args: string[], ctx: { config: Config }) => Promise<void>;

/** The flags each command takes, and whether they carry a value. */
const FLAGS: Record<string, boolean> = { out: true, to: true, "database-url": true, force: false };

/** `--name value` / `--name=value` flags and the remaining positional arguments; unknown flags are refused. */
function parseArgs(args: string[]) {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [name = "", inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (!(name in FLAGS)) throw new BackupError(`unknown option --${name}`);
    if (!FLAGS[name]) flags[name] = true;
    else {
      const value = inline ?? args[++i];
      if (!value) throw new BackupError(`--${name} needs a value`);
      flags[name] = value;
    }
  }
  return { flags, positional };
}

const text = (v: string | true | undefined) => (typeof v === "string" ? v : undefined);

function backupFolder(positional: string[], usage: string): string {
  if (positional.length !== 1) throw new BackupError(`usage: npm run cli -- ${usage}`);
  return positional[0] as string;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The operator's backup commands; cli.ts dispatches to them. */
export const backupCommands: Record<string, BackupCommand> = {
  "backup create": async (args, { config }) => {
    const { flags, positional } = parseArgs(args);
    if (positional.length > 0) throw new BackupError("usage: npm run cli -- backup create [--out DIR]");
    const db = await openConfiguredDatabase(config);
    try {
      // The CLI's own words go to stdout; the audit log records the run as the server's would.
      const service = createBackupService({ config, db, logger: createLogger("silent") });
      const { backup, dir } = await service.backUpNow({}, "cli", text(flags.out));
      console.log(
        `Backup ${backup.id} written to ${dir} (${megabytes(backup.size_bytes)}, ${backup.engine}).`,
      );
      console.log(`Check it with: npm run cli -- backup verify ${dir}`);
    } finally {
      await db.close();
    }
  },
  "backup verify": async (args) => {
    const { positional } = parseArgs(args);
    const dir = backupFolder(positional, "backup verify DIR");
    const manifest = await verifyBackup(dir);
    console.log(
      `OK: ${dir}: ${manifest.files.length} files, ${megabytes(backupSize(manifest))}, ${manifest.engine}, ` +
        `made ${manifest.created_at}, schema ${manifest.schema_version ?? "unknown"}; database check passed.`,
    );
  },
  "backup restore": async (args, { config }) => {
    const { flags, positional } = parseArgs(args);
    const dir = backupFolder(positional, "backup restore DIR --to DATA_DIR [--force] [--database-url URL]");
    const result = await restoreBackup({
      dir,
      to: text(flags.to),
      databaseUrl: text(flags["database-url"]),
      force: flags.force === true,
      live: config,
    });
    const where =
      result.manifest.engine === "sqlite" ? result.databaseUrl : "the database given by --database-url";
    console.log(`Restored backup of ${result.manifest.created_at} into ${where}.`);
    if (result.erasuresReplayed > 0)
      console.log(
        `Erased again ${result.erasuresReplayed} person(s) whose erasure was recorded after this backup was made.`,
      );
    if (result.manifest.engine === "sqlite")
      console.log(`Start a server on it with DATABASE_URL=${result.databaseUrl} (and STORAGE_DIR unset).`);
    else console.log("Start a server on it with DATABASE_URL set to that database.");
    console.log("It migrates forward on start if the backup is older than this version.");
  },
  "backup list": async (_args, { config }) => {
    const backups = await listBackups(config.BACKUP_DIR);
    if (backups.length === 0) console.log(`No backups in ${config.BACKUP_DIR}.`);
    for (const b of backups)
      console.log(`${b.id}  ${b.status.padEnd(10)} ${megabytes(b.size_bytes).padStart(10)}`);
  },
};
